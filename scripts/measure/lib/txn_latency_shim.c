/*
 * Read-transaction latencies of a MariaDB/MySQL C client that sends a transaction as one
 * multi-statement query, for tools that report no percentiles (the C++ TAOBench tool prints only
 * averages and maxima). Loaded with LD_PRELOAD; built and used by scripts/measure/compare-with-originals.sh.
 *
 * A read transaction is a query that starts with START TRANSACTION and whose every later statement
 * is a SELECT or the COMMIT. Its latency runs from mysql_real_query() to the mysql_next_result()
 * that reports no further result (-1); a query or a result that fails drops it, as the tool drops
 * failed transactions from its own figures. The tool's timer starts earlier (it builds the query
 * text first), so these latencies are, if anything, lower than its own.
 *
 * At exit, one line per transaction, "<start, epoch ns> <latency ns>", goes to the file named by
 * SG_TXN_LATENCY_OUT (nothing is written without it). Samples go to a fixed array through an atomic
 * index, so a transaction costs two clock reads and no system call.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct st_mysql MYSQL;

#define CAPACITY (1L << 22)

static int (*next_real_query)(MYSQL *, const char *, unsigned long);
static int (*next_next_result)(MYSQL *);
static long long *starts;
static long long *latencies;
static atomic_long recorded;
static atomic_long dropped_full;

static __thread long long pending_wall;
static __thread long long pending_mono;

static long long now_ns(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int starts_with(const char *s, const char *end, const char *word) {
  size_t n = strlen(word);
  return (size_t)(end - s) >= n && strncasecmp(s, word, n) == 0;
}

/* START TRANSACTION; then only SELECTs and the COMMIT, statements separated by ';'. */
static int is_read_transaction(const char *q, unsigned long length) {
  const char *end = q + length;
  if (!starts_with(q, end, "START TRANSACTION")) {
    return 0;
  }
  const char *p = memchr(q, ';', length);
  while (p != NULL) {
    p++;
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\t')) {
      p++;
    }
    if (p >= end) {
      break;
    }
    if (!starts_with(p, end, "SELECT") && !starts_with(p, end, "COMMIT")) {
      return 0;
    }
    p = memchr(p, ';', (size_t)(end - p));
  }
  return 1;
}

int mysql_real_query(MYSQL *mysql, const char *q, unsigned long length) {
  if (next_real_query == NULL) {
    next_real_query = (int (*)(MYSQL *, const char *, unsigned long))dlsym(RTLD_NEXT, "mysql_real_query");
  }
  pending_mono = 0;
  int read_txn = starts != NULL && is_read_transaction(q, length);
  long long wall = read_txn ? now_ns(CLOCK_REALTIME) : 0;
  long long mono = read_txn ? now_ns(CLOCK_MONOTONIC) : 0;
  int rc = next_real_query(mysql, q, length);
  if (read_txn && rc == 0) {
    pending_wall = wall;
    pending_mono = mono;
  }
  return rc;
}

int mysql_next_result(MYSQL *mysql) {
  if (next_next_result == NULL) {
    next_next_result = (int (*)(MYSQL *))dlsym(RTLD_NEXT, "mysql_next_result");
  }
  int rc = next_next_result(mysql);
  if (pending_mono != 0 && rc != 0) {
    if (rc == -1) {
      long i = atomic_fetch_add(&recorded, 1);
      if (i < CAPACITY) {
        starts[i] = pending_wall;
        latencies[i] = now_ns(CLOCK_MONOTONIC) - pending_mono;
      } else {
        atomic_fetch_add(&dropped_full, 1);
      }
    }
    pending_mono = 0;
  }
  return rc;
}

__attribute__((constructor)) static void open_samples(void) {
  if (getenv("SG_TXN_LATENCY_OUT") == NULL) {
    return;
  }
  starts = calloc(CAPACITY, sizeof(long long));
  latencies = calloc(CAPACITY, sizeof(long long));
  if (starts == NULL || latencies == NULL) {
    fprintf(stderr, "txn_latency_shim: no memory for %ld samples\n", CAPACITY);
    starts = NULL;
  }
}

__attribute__((destructor)) static void write_samples(void) {
  const char *path = getenv("SG_TXN_LATENCY_OUT");
  if (path == NULL || starts == NULL) {
    return;
  }
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "txn_latency_shim: cannot write %s\n", path);
    return;
  }
  long n = atomic_load(&recorded);
  if (n > CAPACITY) {
    n = CAPACITY;
  }
  for (long i = 0; i < n; i++) {
    fprintf(f, "%lld %lld\n", starts[i], latencies[i]);
  }
  if (atomic_load(&dropped_full) > 0) {
    fprintf(f, "# %ld transactions beyond the capacity were not kept\n", atomic_load(&dropped_full));
  }
  fclose(f);
}
