"""mdtext.py - shared helpers for the content lints: read a course page and mask the parts a check must skip.

Every mask keeps the text's length and its newlines, so an offset in the masked text is an offset in the
file and line numbers stay right. Masks: front matter (keys, or all of it), fenced blocks (all, or all but
quiz prose), inline code spans, URLs and link targets, headings.
"""
import re

FENCE = re.compile(r'^(\s{0,3})(```+|~~~+)\s*([^\s`]*)')
CODE_SPAN = re.compile(r'(`+)(.+?)\1', re.S)
LINK = re.compile(r'\[([^\]]*)\]\(([^)\s]*)\)')
URL = re.compile(r'<?(?:https?|ftp|file)://[^\s)>]*>?')
QUIZ_SKIP_LINE = re.compile(r'^\s*(id:|outcomes:|\[\?\])')
QUIZ_MARKER = re.compile(r'^(\s*)(Q:|A:|E:|\( \)|\(x\)|\[ \]|\[x\]|->)')


def blank(s):
    """The same text with every character but newlines turned into a space."""
    return re.sub(r'[^\n]', ' ', s)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def line_of(text, offset):
    return text.count('\n', 0, offset) + 1


def split_lines(text):
    """Lines with their newline kept, so joining them gives the text back."""
    return text.splitlines(keepends=True)


def front_matter_end(lines):
    """Index of the first line after the front matter (0 when there is none)."""
    if lines and lines[0].rstrip('\n') == '---':
        for i in range(1, len(lines)):
            if lines[i].rstrip('\n') == '---':
                return i + 1
    return 0


def fenced_blocks(lines):
    """(info, first_body_line_index, end_index_exclusive) for each fenced block; fences themselves excluded."""
    blocks, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            fence, info = m.group(2), m.group(3)
            j = i + 1
            while j < len(lines) and not lines[j].lstrip().startswith(fence[0] * len(fence)):
                j += 1
            blocks.append((info, i, j + 1, i + 1, j))
            i = j + 1
        else:
            i += 1
    return blocks


def masked(text, keep_quiz_prose=False, keep_front_values=False, keep_headings=True):
    """The page with everything but prose blanked (see the file comment)."""
    lines = split_lines(text)
    fm = front_matter_end(lines)
    for i in range(fm):
        if keep_front_values and ':' in lines[i] and i not in (0, fm - 1):
            key, _, value = lines[i].partition(':')
            lines[i] = blank(key + ':') + value
        else:
            lines[i] = blank(lines[i])
    for info, start, end, body_start, body_end in fenced_blocks(lines):
        if start < fm:
            continue
        for i in range(start, min(end, len(lines))):
            is_body = body_start <= i < body_end
            if keep_quiz_prose and info == 'quiz' and is_body and not QUIZ_SKIP_LINE.match(lines[i]):
                m = QUIZ_MARKER.match(lines[i])
                if m:
                    lines[i] = blank(lines[i][:m.end()]) + lines[i][m.end():]
            else:
                lines[i] = blank(lines[i])
    if not keep_headings:
        lines = [blank(l) if re.match(r'^\s{0,3}#{1,6}\s', l) else l for l in lines]
    out = ''.join(lines)
    out = CODE_SPAN.sub(lambda m: blank(m.group(0)), out)
    out = LINK.sub(lambda m: '[' + m.group(1) + ']' + blank('(' + m.group(2) + ')'), out)
    out = URL.sub(lambda m: blank(m.group(0)), out)
    return out


def links(masked_text, original_text):
    """(text_start, text_end, target) of each inline link, found in the original at the masked text's places."""
    found = []
    for m in LINK.finditer(original_text):
        found.append((m.start(1), m.end(1), m.group(2)))
    return found
