// highlight: the C++ shim over libsource-highlight; a Formatter per element name writes one span.
#include "highlight.h"

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>

extern "C" {
#include "buf.h"
}
#include <srchilite/sourcehighlighter.h>

namespace
{

// HTML escaping is tools/lib's buf_put_escaped, as everywhere in the generator.
void escape_into(std::string &out, const std::string &s)
{
	struct buf b = {};
	buf_put_escaped(&b, s.data(), s.size());
	if (b.len)
		out.append(b.data, b.len);
	std::free(b.data);
}

// Collects (element, text) pieces of one line, merging neighbours of the same element into one span.
struct Spans {
	std::string out, elem, text;
	void add(const std::string &e, const std::string &s)
	{
		if (s.empty())
			return;
		if (e != elem)
			flush();
		elem = e;
		text += s;
	}
	void flush()
	{
		if (text.empty())
			return;
		if (elem.empty()) {
			escape_into(out, text);
		} else {
			out += "<span class=\"hl-" + elem + "\">";
			escape_into(out, text);
			out += "</span>";
		}
		text.clear();
		elem.clear();
	}
};

class SpanFormatter : public srchilite::Formatter
{
      public:
	SpanFormatter(Spans &spans, const std::string &elem) : spans_(spans), elem_(elem)
	{
	}
	void format(const std::string &s, const srchilite::FormatterParams *) override
	{
		spans_.add(elem_, s);
	}

      private:
	Spans &spans_;
	std::string elem_;
};

const char *const elements[] = { "keyword", "type",	   "usertype",	"comment",
				 "string",  "specialchar", "number",	"preproc",
				 "symbol",  "cbracket",	   "function",	"label",
				 "todo",    "variable",	   "classname", nullptr };

struct Highlighter {
	Spans spans;
	srchilite::RegexRuleFactory factory;
	srchilite::LangDefManager langs{ &factory };
	srchilite::HighlightStatePtr state;
	srchilite::FormatterManager formatters{ srchilite::FormatterPtr(
		new SpanFormatter(spans, "")) };

	Highlighter()
	{
		state = langs.getHighlightState(srchilite::Settings::retrieveDataDir(), "c.lang");
		for (const char *const *e = elements; *e; e++)
			formatters.addFormatter(
				*e, srchilite::FormatterPtr(new SpanFormatter(spans, *e)));
	}
};

Highlighter *instance;

} // namespace

extern "C" char *highlight_c(const char *code, size_t len, char **err)
{
	try {
		if (!instance)
			instance = new Highlighter();
		instance->spans = Spans();
		srchilite::SourceHighlighter hl(instance->state);
		srchilite::FormatterParams params;
		hl.setFormatterManager(&instance->formatters);
		hl.setFormatterParams(&params);
		std::string src(code, len);
		std::istringstream in(src);
		std::string line;
		bool first = true;
		while (std::getline(in, line)) {
			if (!first)
				instance->spans.out += '\n';
			first = false;
			params.start = 0;
			hl.highlightParagraph(line);
			instance->spans.flush();
		}
		const std::string &out = instance->spans.out;
		char *r = static_cast<char *>(std::malloc(out.size() + 1));
		if (!r)
			return nullptr;
		std::memcpy(r, out.c_str(), out.size() + 1);
		return r;
	} catch (const std::exception &e) {
		if (err)
			*err = strdup(e.what());
		return nullptr;
	} catch (...) {
		if (err)
			*err = strdup("source-highlight failed");
		return nullptr;
	}
}
