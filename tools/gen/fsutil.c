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

#include "diag.h"
#include "util.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The directories from the root down to the one being listed, to recognise a symbolic link that leads
 * back to one of them. */
struct walk_dirs {
	dev_t dev[64];
	ino_t ino[64];
	size_t n;
};

static int fail_at(struct file_list *out, const char *rel, int err)
{
	free(out->bad);
	out->bad = xstrdup(rel);
	errno = err;
	return -1;
}

static int walk(const char *root, const char *rel, struct file_list *out, size_t *cap,
		struct walk_dirs *up)
{
	char *dir = *rel ? xasprintf("%s/%s", root, rel) : xstrdup(root);
	DIR *d = opendir(dir);
	free(dir);
	if (!d)
		return errno == ENOENT && !*rel ? 0 : fail_at(out, rel, errno);
	struct stat st;
	if (fstat(dirfd(d), &st) != 0 || up->n == sizeof up->dev / sizeof *up->dev) {
		int err = up->n == sizeof up->dev / sizeof *up->dev ? ELOOP : errno;
		closedir(d);
		return fail_at(out, rel, err);
	}
	for (size_t i = 0; i < up->n; i++)
		if (up->dev[i] == st.st_dev && up->ino[i] == st.st_ino) {
			closedir(d);
			return fail_at(out, rel, ELOOP);
		}
	up->dev[up->n] = st.st_dev;
	up->ino[up->n++] = st.st_ino;
	struct dirent *de;
	int rc = 0;
	while (rc == 0 && (errno = 0, de = readdir(d))) {
		if (de->d_name[0] == '.' &&
		    (!de->d_name[1] || (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		char *r = *rel ? xasprintf("%s/%s", rel, de->d_name) : xstrdup(de->d_name);
		/* d_type saves a stat per entry; symbolic links and unknown types are resolved with stat */
		if (de->d_type == DT_DIR) {
			st.st_mode = S_IFDIR;
		} else if (de->d_type == DT_REG) {
			st.st_mode = S_IFREG;
		} else {
			char *full = xasprintf("%s/%s", root, r);
			if (stat(full, &st) != 0)
				rc = fail_at(out, r, errno);
			free(full);
		}
		if (rc != 0) {
		} else if (S_ISDIR(st.st_mode)) {
			rc = walk(root, r, out, cap, up);
		} else if (S_ISREG(st.st_mode)) {
			if (out->n == *cap) {
				*cap = *cap ? *cap * 2 : 64;
				out->paths = xrealloc(out->paths, *cap * sizeof *out->paths);
			}
			out->paths[out->n++] = r;
			r = NULL;
		}
		free(r);
	}
	if (rc == 0 && errno != 0)
		rc = fail_at(out, rel, errno);
	closedir(d);
	up->n--;
	return rc;
}

int fs_list_files(const char *root, struct file_list *out)
{
	size_t cap = 0;
	struct walk_dirs up = { .n = 0 };
	out->paths = NULL;
	out->n = 0;
	out->bad = NULL;
	int rc = walk(root, "", out, &cap, &up);
	if (out->n)
		qsort(out->paths, out->n, sizeof *out->paths, cmp_str);
	return rc;
}

static const char *reason(int err)
{
	if (err == ELOOP)
		return "symbolic link loop (it leads back to a directory that contains it)";
	if (err == ENOENT)
		return "broken symbolic link (its target does not exist)";
	return strerror(err);
}

int fs_list_files_diag(const char *root, struct file_list *out)
{
	if (fs_list_files(root, out) == 0)
		return 0;
	int err = errno;
	char *entry = *out->bad ? xasprintf("%s/%s", root, out->bad) : xstrdup(root);
	diag_at(entry, 0, "%s", reason(err));
	free(entry);
	fs_file_list_free(out);
	return -1;
}

void fs_file_list_free(struct file_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->paths[i]);
	free(l->paths);
	free(l->bad);
	l->paths = NULL;
	l->bad = NULL;
	l->n = 0;
}

int fs_hardlink_tree(const char *src, const char *dst)
{
	struct file_list l;
	if (fs_list_files(src, &l) != 0) {
		int err = errno;
		fs_file_list_free(&l);
		errno = err;
		return -1;
	}
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
	fs_file_list_free(&l);
	return rc;
}

int fs_write_new_inode(const char *path, const void *data, size_t len)
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

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) != 0 && errno != ENOENT ? -1 : 0;
}

int fs_remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *fs_strip_slashes(const char *p)
{
	char *s = xstrdup(p);
	size_t n = strlen(s);
	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
	return s;
}

int fs_exchange_dirs(const char *a, const char *b)
{
	return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
