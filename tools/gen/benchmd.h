/* benchmd: `sitegen --bench-markdown N FILE...`: runs our Markdown pipeline (front matter, cmark-gfm
 * parse, heading ids, quizzes, C highlighting, HTML) over the files N times and reports the time. */
#ifndef GEN_BENCHMD_H
#define GEN_BENCHMD_H

int bench_markdown(int iterations, int nfiles, char **files);

#endif
