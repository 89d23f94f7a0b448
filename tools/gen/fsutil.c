/* fsutil: tree listing, hard-link copies, new-inode writes, recursive removal, directory exchange. */
#define _GNU_SOURCE
#include "fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk(const char *root, const char *rel, struct file_list *out, size_t *cap)
{
	char *dir = *rel ? xasprintf("%s/%s", root, rel) : xstrdup(root);
	DIR *d = opendir(dir);
	if (!d) {
		int missing = errno == ENOENT && !*rel;
		free(dir);
		return missing ? 0 : -1;
	}
	struct dirent *de;
	int rc = 0;
	while (rc == 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.' &&
		    (!de->d_name[1] || (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		char *r = *rel ? xasprintf("%s/%s", rel, de->d_name) : xstrdup(de->d_name);
		char *full = xasprintf("%s/%s", root, r);
		struct stat st;
		/* d_type saves a stat per entry; symbolic links and unknown types are resolved with stat */
		if (de->d_type == DT_DIR)
			st.st_mode = S_IFDIR;
		else if (de->d_type == DT_REG)
			st.st_mode = S_IFREG;
		else if (stat(full, &st) != 0)
			st.st_mode = 0, rc = -1;
		if (rc != 0) {
		} else if (S_ISDIR(st.st_mode)) {
			rc = walk(root, r, out, cap);
		} else if (S_ISREG(st.st_mode)) {
			if (out->n == *cap) {
				*cap = *cap ? *cap * 2 : 64;
				out->paths = xrealloc(out->paths, *cap * sizeof *out->paths);
			}
			out->paths[out->n++] = r;
			r = NULL;
		}
		free(r);
		free(full);
	}
	closedir(d);
	free(dir);
	return rc;
}

int list_files(const char *root, struct file_list *out)
{
	size_t cap = 0;
	out->paths = NULL;
	out->n = 0;
	int rc = walk(root, "", out, &cap);
	if (out->n)
		qsort(out->paths, out->n, sizeof *out->paths, cmp_str);
	return rc;
}

void file_list_free(struct file_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->paths[i]);
	free(l->paths);
	l->paths = NULL;
	l->n = 0;
}

int hardlink_tree(const char *src, const char *dst)
{
	struct file_list l;
	if (list_files(src, &l) != 0)
		return -1;
	int rc = 0;
	char *made =
		xstrdup(""); /* the last directory created: files come sorted, so most share it */
	for (size_t i = 0; i < l.n && rc == 0; i++) {
		char *from = xasprintf("%s/%s", src, l.paths[i]);
		char *to = xasprintf("%s/%s", dst, l.paths[i]);
		const char *slash = strrchr(to, '/');
		size_t dirlen = (size_t)(slash - to);
		if (strlen(made) != dirlen || strncmp(made, to, dirlen) != 0) {
			if (mkdir_p(to, 1) != 0)
				rc = -1;
			free(made);
			made = xstrndup(to, dirlen);
		}
		if (rc == 0 && link(from, to) != 0)
			rc = -1;
		free(from);
		free(to);
	}
	free(made);
	file_list_free(&l);
	return rc;
}

int write_new_inode(const char *path, const void *data, size_t len)
{
	/* The temporary tree is not visible to anyone yet, so unlinking first is enough: the old (maybe
     * hard-linked) inode keeps its bytes and the path gets a brand-new file. */
	if (unlink(path) != 0 && errno != ENOENT)
		return -1;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 && errno == ENOENT && mkdir_p(path, 1) == 0)
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	const char *p = data;
	size_t left = len;
	while (left) {
		ssize_t w = write(fd, p, left);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			unlink(path);
			return -1;
		}
		p += w;
		left -= (size_t)w;
	}
	if (close(fd) != 0) {
		unlink(path);
		return -1;
	}
	return 0;
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
	if (mkdir_p(path, 1) != 0)
		return -1;
	char *tmp = xasprintf("%s.new-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	const char *p = data;
	size_t left = len;
	int rc = 0;
	while (left && rc == 0) {
		ssize_t w = write(fd, p, left);
		if (w < 0 && errno != EINTR)
			rc = -1;
		if (w > 0) {
			p += w;
			left -= (size_t)w;
		}
	}
	if (fchmod(fd, 0644) != 0)
		rc = -1;
	if (close(fd) != 0 || rc != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) != 0 && errno != ENOENT ? -1 : 0;
}

int remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int exchange_dirs(const char *a, const char *b)
{
	return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
