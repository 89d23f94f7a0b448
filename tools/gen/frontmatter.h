/* frontmatter: parses the `---` block at the top of a page (docs/ARCHITECTURE.md, "Page source format").
 * Keys: title, order, summary (required); section, slug, template, nav (optional). */
#ifndef GEN_FRONTMATTER_H
#define GEN_FRONTMATTER_H

struct front_matter {
	char *title, *summary, *section, *slug, *template_name; /* NULL when absent */
	long order;
	int nav;				    /* 1 unless `nav: false` */
	int template_line;			    /* line of the `template:` key, 0 if absent */
	int title_line, summary_line, section_line; /* lines of those keys, 0 if absent */
	int body_line;	  /* 1-based line of the file where the Markdown body starts */
	const char *body; /* points into the text passed to front_matter_parse */
};

/* Parses text (the whole file). On error records `path:line: message` with diag and returns -1
 * (fm is then freed). */
int front_matter_parse(const char *path, const char *text, struct front_matter *fm);
void front_matter_free(struct front_matter *fm);

#endif
