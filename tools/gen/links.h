/* links: classifies a Markdown link target and computes the relative URLs between site pages.
 * Only relative links whose path ends in `.md` are ours; everything else is left untouched. */
#ifndef GEN_LINKS_H
#define GEN_LINKS_H

/* If url is a link to a course page (`foo.md`, `../foo.md#x`, `labs/bar.md`), returns 1 and sets
 * *target to the source path it names (resolved against from_source's directory and normalised, e.g.
 * "content/labs/bar.md") and *anchor to the fragment or NULL (both malloc'd). Returns 0 for other links
 * (external, absolute, non-.md, pure "#x" fragments) and -1 for a path that climbs above the root. */
int link_page_target(const char *from_source, const char *url, char **target, char **anchor);

/* "" for a page at the site root, "../" for labs/x.html, "../../" two levels down. Malloc'd. */
char *link_root_prefix(const char *site_path);

/* Normalises a '/'-separated path: removes "." and "x/.." segments and repeated slashes; an absolute
 * path stays absolute ("/tmp/x/./a.md" -> "/tmp/x/a.md"). NULL if it climbs above the start. */
char *link_normalize(const char *path);

#endif
