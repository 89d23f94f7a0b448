/* datafiles: the data files (JSON) that renders read, and dependency recording. While recording is on
 * for an output, every template the engine uses and every data file loaded here is added to that
 * output's dependency list (path + content hash, 0 when absent). */
#ifndef GEN_DATAFILES_H
#define GEN_DATAFILES_H
#include <jansson.h>

#include "engine.h"
#include "state.h"

/* Dependencies of what follows go to o (NULL: not recorded). */
void datafiles_record_deps(struct engine *e, struct state_output *o);
/* Dependencies of what follows go to o too, besides the recorded output's (NULL: no longer): the files
 * one part of a render read (a page's print body, kept in the print cache with them). */
void datafiles_capture_deps(struct state_output *o);
/* Records a dependency read elsewhere (a cached print body's) as if a render had read it. */
void datafiles_add_dep(const char *path, uint64_t hash);
/* Loads a JSON file (parsed once per run; the caller does not own *json) and records it as a dependency.
 * *json is NULL when the file does not exist. -1 (diag `file:line: invalid JSON: ...`) for bad JSON. */
int datafiles_load(const char *path, json_t **json);
/* The same for a data script (tools/lib/scriptjson.h, script_json_data): *json is its payload.
 * -1 (diag `file:line: ...`) when the file is not such a script. */
int datafiles_load_script(const char *path, json_t **json);
/* Forgets every loaded file and stops recording. */
void datafiles_free(void);

#endif
