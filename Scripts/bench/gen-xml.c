/*
 * gen-xml: deterministic synthetic `xctrace export` of a swiftui-updates table (Xcode 27 schema).
 *
 *   cc -O2 -o gen-xml gen-xml.c
 *   gen-xml BYTES OUT.xml [SEED] [many-groups]
 *
 * Writes one <trace-query-result><node> with the 18-column swiftui-updates <schema> and rows
 * until the file reaches about BYTES bytes (via OUT.xml.tmp and a rename). The same BYTES and
 * SEED give the same bytes on every machine (splitmix64, no libm, no clock, no locale).
 *
 * Interning is done the way Instruments does it: a value gets `id="N" fmt="…"` the first time
 * it appears and `ref="N"` afterwards, ids count up from 1 in document order, nested elements
 * (<process> in <thread>, <string> in <typed-array>) carry their own ids, and the cause-graph
 * node cells are typed-arrays whose children refer to strings defined in earlier rows (ref
 * chains). Per row, the start, duration, id, root causes, downstream cost and downstream
 * events are new values; everything else is mostly refs. About 300 views over 5 modules;
 * update types `View Body Updates` 70%, `Other Updates` 25%, `Representable Updates` 5%;
 * 2% of body rows are ` [skipped]`; 5% run on com.apple.render; about 1 in 50000 updates is
 * unfinished (duration 6148782250705247539); a few names need escaping (`&lt;`, `&amp;`,
 * `&#233;`).
 *
 * With `many-groups`, the shape of Scripts/bench.sh's many-groups trace: every row picks its module
 * from 7 at random, so the 300 views make about 2 100 (module, kind, name) groups.
 *
 * Prints the number of rows to standard output.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;

static uint64_t next_u64(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static uint64_t below(uint64_t n) { return next_u64() % n; }
static int chance_per_10000(int p) { return (int)below(10000) < p; }

/* MARK: - Output buffer */

static char *out;
static size_t out_len, out_cap;
static FILE *file;
static uint64_t written;

static void flush_out(void) {
  if (out_len && fwrite(out, 1, out_len, file) != out_len) {
    perror("gen-xml: write");
    exit(74);
  }
  written += out_len;
  out_len = 0;
}

static void put(const char *s) {
  size_t n = strlen(s);
  if (out_len + n > out_cap) flush_out();
  memcpy(out + out_len, s, n);
  out_len += n;
}

static void put_u64(uint64_t v) {
  char tmp[24];
  int i = 24;
  do {
    tmp[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  if (out_len + 24 > out_cap) flush_out();
  memcpy(out + out_len, tmp + i, (size_t)(24 - i));
  out_len += (size_t)(24 - i);
}

/* "00:01.234.567" for a time in ns. */
static void put_clock(uint64_t ns) {
  char tmp[32];
  uint64_t ms = ns / 1000000, s = ms / 1000, m = s / 60;
  snprintf(tmp, sizeof tmp, "%02llu:%02llu.%03llu.%03llu", (unsigned long long)m,
           (unsigned long long)(s % 60), (unsigned long long)(ms % 1000),
           (unsigned long long)((ns / 1000) % 1000));
  put(tmp);
}

/* "2.43 ms" / "520.00 µs" for a duration in ns. */
static void put_duration_fmt(uint64_t ns) {
  char tmp[48];
  if (ns >= 3600000000000ULL)
    snprintf(tmp, sizeof tmp, "%llu min", (unsigned long long)(ns / 60000000000ULL));
  else if (ns >= 1000000)
    snprintf(tmp, sizeof tmp, "%llu.%02llu ms", (unsigned long long)(ns / 1000000),
             (unsigned long long)(ns / 10000 % 100));
  else
    snprintf(tmp, sizeof tmp, "%llu.%02llu \xC2\xB5s", (unsigned long long)(ns / 1000),
             (unsigned long long)(ns / 10 % 100));
  put(tmp);
}

static uint64_t next_id = 1;

/* <tag id="N" fmt="F">TEXT</tag> with text == fmt, returning N. */
static uint64_t put_text_value(const char *tag, const char *text) {
  uint64_t id = next_id++;
  put("<"); put(tag); put(" id=\""); put_u64(id); put("\" fmt=\""); put(text); put("\">");
  put(text); put("</"); put(tag); put(">");
  return id;
}

static void put_ref(const char *tag, uint64_t id) {
  put("<"); put(tag); put(" ref=\""); put_u64(id); put("\"/>");
}

/* MARK: - Views */

enum { VIEWS = 300, MODULES = 7 };
static const char *modules[MODULES] = {"Landmarks", "LandmarksUI", "SwiftUI", "MapKit", "Charts",
                                       "WeatherKit", "StoreKit"};
/* Modules in use: 5, or 7 with every row picking its own (many-groups). */
static int module_count = 5;
static int many_groups = 0;
static const char *stems[] = {"LandmarkList", "LandmarkRow", "CategoryItem", "MapView", "HikeGraph",
                              "BadgeSymbol", "ProfileHost", "FavoriteButton", "CircleImage", "Cafe&amp;Bar",
                              "Caf&#233;Menu", "Grid&lt;Row&gt;"};

typedef struct {
  char name[64];
  char body[80];     /* "Name.body" */
  int module;
  int kind;          /* 0 body, 1 other, 2 representable */
  uint64_t median;   /* ns */
  uint64_t body_id, skipped_id, name_id, node_id, full_node_id;
} View;

static View views[VIEWS];
static uint64_t module_ids[MODULES];

static void make_views(void) {
  for (int i = 0; i < VIEWS; i++) {
    View *v = &views[i];
    snprintf(v->name, sizeof v->name, "%s%d", stems[i % 12], i);
    snprintf(v->body, sizeof v->body, "%.60s.body", v->name);
    v->module = (int)below((uint64_t)module_count);
    int r = (int)below(100);
    v->kind = r < 70 ? 0 : r < 95 ? 1 : 2;
    v->median = 10000 + below(390000);
    if (i % 37 == 0) v->median *= 6; /* a few consistently slow views */
  }
}

/* MARK: - Document */

static const char *schema =
    "<schema name=\"swiftui-updates\"><col><mnemonic>start</mnemonic><name>Start</name><engineering-type>start-time</engineering-type></col>"
    "<col><mnemonic>duration</mnemonic><name>Duration</name><engineering-type>duration</engineering-type></col>"
    "<col><mnemonic>id</mnemonic><name>ID</name><engineering-type>uint32</engineering-type></col>"
    "<col><mnemonic>update-type</mnemonic><name>Update Type</name><engineering-type>swiftui-update</engineering-type></col>"
    "<col><mnemonic>allocations</mnemonic><name>Allocations</name><engineering-type>event-count</engineering-type></col>"
    "<col><mnemonic>description</mnemonic><name>Description</name><engineering-type>string</engineering-type></col>"
    "<col><mnemonic>category</mnemonic><name>Category</name><engineering-type>string</engineering-type></col>"
    "<col><mnemonic>view-hierarchy</mnemonic><name>View Hierarchy</name><engineering-type>view-hierarchy</engineering-type></col>"
    "<col><mnemonic>module</mnemonic><name>Module</name><engineering-type>string</engineering-type></col>"
    "<col><mnemonic>view-name</mnemonic><name>View Name</name><engineering-type>string</engineering-type></col>"
    "<col><mnemonic>process</mnemonic><name>Process</name><engineering-type>process</engineering-type></col>"
    "<col><mnemonic>thread</mnemonic><name>Thread</name><engineering-type>thread</engineering-type></col>"
    "<col><mnemonic>root-causes</mnemonic><name>Root Causes</name><engineering-type>description-set</engineering-type></col>"
    "<col><mnemonic>severity</mnemonic><name>Severity</name><engineering-type>event-concept</engineering-type></col>"
    "<col><mnemonic>downstream-cost</mnemonic><name>Downstream Cost</name><engineering-type>duration</engineering-type></col>"
    "<col><mnemonic>downstream-events</mnemonic><name>Downstream Events</name><engineering-type>cause-set</engineering-type></col>"
    "<col><mnemonic>cause-graph-node</mnemonic><name>Cause Graph Node</name><engineering-type>typed-array</engineering-type></col>"
    "<col><mnemonic>full-cause-graph-node</mnemonic><name>Full Cause Graph Node</name><engineering-type>typed-array</engineering-type></col>"
    "</schema>\n";

static const char *type_names[3] = {"View Body Updates", "Other Updates", "Representable Updates"};
static uint64_t type_ids[3], category_id, hierarchy_id, process_id, main_thread_id, render_thread_id;
static uint64_t blue_id, gray_id, symbol_id, severity_ids[3], allocation_ids[64];

static uint64_t define_process(void) {
  uint64_t id = next_id++;
  put("<process id=\""); put_u64(id); put("\" fmt=\"Bench (4242)\">");
  put_text_value("pid", "4242");
  put_text_value("device-session", "device-session-1");
  put("</process>");
  return id;
}

static uint64_t define_thread(const char *fmt, const char *tid) {
  uint64_t id = next_id++;
  put("<thread id=\""); put_u64(id); put("\" fmt=\""); put(fmt); put("\">");
  put_text_value("tid", tid);
  put_ref("process", process_id);
  put("</thread>");
  return id;
}

/* A node cell: <typed-array> whose first child refers to the view's name string. */
static uint64_t define_node(View *v, int full) {
  uint64_t id = next_id++;
  put("<typed-array id=\""); put_u64(id); put("\" fmt=\""); put(v->name);
  put(v->module == 0 ? ", blue, square, n/a, n/a\">" : ", gray, square, n/a, n/a\">");
  if (v->name_id) put_ref("string", v->name_id); else v->name_id = put_text_value("string", v->name);
  if (v->module == 0) {
    if (blue_id) put_ref("string", blue_id); else blue_id = put_text_value("string", "blue");
  } else {
    if (gray_id) put_ref("string", gray_id); else gray_id = put_text_value("string", "gray");
  }
  if (symbol_id) put_ref("string", symbol_id); else symbol_id = put_text_value("string", "square");
  put("<sentinel/><sentinel/>");
  if (full) { put("<sentinel/><sentinel/><sentinel/><sentinel/>"); }
  put("</typed-array>");
  return id;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: gen-xml BYTES OUT.xml [SEED] [many-groups]\n");
    return 64;
  }
  uint64_t target = strtoull(argv[1], NULL, 10);
  rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
  if (argc > 4 && strcmp(argv[4], "many-groups") == 0) {
    many_groups = 1;
    module_count = MODULES;
  }
  char tmp_path[4096];
  snprintf(tmp_path, sizeof tmp_path, "%s.tmp", argv[2]);
  file = fopen(tmp_path, "wb");
  if (!file) {
    fprintf(stderr, "gen-xml: %s: %s\n", tmp_path, strerror(errno));
    return 73;
  }
  out_cap = 1 << 22;
  out = malloc(out_cap);
  make_views();

  put("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'>");
  put(schema);

  uint64_t t = 1000000000ULL, rows = 0, update_id = 1;
  while (written + out_len < target) {
    View *v = &views[below(VIEWS)];
    if (many_groups) v->module = (int)below(MODULES);
    int skipped = v->kind == 0 && chance_per_10000(200);
    int render = chance_per_10000(500);
    int unfinished = chance_per_10000(2);
    uint64_t duration = skipped ? 1000 + below(7000) : v->median / 2 + below(v->median);
    if (chance_per_10000(250)) duration *= 3 + below(12);
    if (unfinished) duration = 6148782250705247539ULL;
    t += 2000 + below(60000);

    put("<row>");
    /* start, duration, id: new values */
    uint64_t sid = next_id++;
    put("<start-time id=\""); put_u64(sid); put("\" fmt=\""); put_clock(t); put("\">"); put_u64(t); put("</start-time>");
    uint64_t did = next_id++;
    put("<duration id=\""); put_u64(did); put("\" fmt=\""); put_duration_fmt(duration); put("\">"); put_u64(duration); put("</duration>");
    uint64_t iid = next_id++;
    put("<uint32 id=\""); put_u64(iid); put("\" fmt=\""); put_u64(update_id); put("\">"); put_u64(update_id); put("</uint32>");
    update_id++;
    /* update type */
    if (type_ids[v->kind]) put_ref("swiftui-update", type_ids[v->kind]);
    else type_ids[v->kind] = put_text_value("swiftui-update", type_names[v->kind]);
    /* allocations: small counts, interned */
    int allocations = (int)below(64);
    if (allocation_ids[allocations]) put_ref("event-count", allocation_ids[allocations]);
    else {
      char text[8];
      snprintf(text, sizeof text, "%d", allocations);
      allocation_ids[allocations] = put_text_value("event-count", text);
    }
    /* description: Name.body for body rows, the name (a layout label) for others */
    if (v->kind == 0) {
      if (skipped) {
        if (v->skipped_id) put_ref("string", v->skipped_id);
        else {
          char text[96];
          snprintf(text, sizeof text, "%s [skipped]", v->body);
          v->skipped_id = put_text_value("string", text);
        }
      } else if (v->body_id) put_ref("string", v->body_id);
      else v->body_id = put_text_value("string", v->body);
    } else {
      if (v->name_id) put_ref("string", v->name_id); else v->name_id = put_text_value("string", v->name);
    }
    if (category_id) put_ref("string", category_id); else category_id = put_text_value("string", "Update");
    if (hierarchy_id) put_ref("view-hierarchy", hierarchy_id);
    else {
      hierarchy_id = next_id++;
      put("<view-hierarchy id=\""); put_u64(hierarchy_id); put("\" fmt=\"\">");
      process_id = define_process();
      put("</view-hierarchy>");
    }
    if (module_ids[v->module]) put_ref("string", module_ids[v->module]);
    else module_ids[v->module] = put_text_value("string", modules[v->module]);
    /* view-name: empty on body rows */
    if (v->kind == 0) put("<sentinel/>");
    else if (v->name_id) put_ref("string", v->name_id);
    else v->name_id = put_text_value("string", v->name);
    put_ref("process", process_id);
    if (render) {
      if (render_thread_id) put_ref("thread", render_thread_id);
      else render_thread_id = define_thread("com.apple.render (0x2f03) (Bench, pid: 4242)", "0x2f03");
    } else {
      if (main_thread_id) put_ref("thread", main_thread_id);
      else main_thread_id = define_thread("Main Thread (0x1e9000) (Bench, pid: 4242)", "0x1e9000");
    }
    /* root causes: a new description-set with one uint64 */
    uint64_t rid = next_id++;
    uint64_t cause = 10000000 + below(90000000);
    put("<description-set id=\""); put_u64(rid); put("\" fmt=\"@State: value"); put_u64(cause % 97); put("\">");
    put("<uint64 id=\""); put_u64(next_id++); put("\" fmt=\""); put_u64(cause); put("\">"); put_u64(cause); put("</uint64>");
    put("</description-set>");
    int severity = duration > 1000000 ? 2 : duration > 500000 ? 1 : 0;
    static const char *severity_names[3] = {"Low", "Medium", "High"};
    if (severity_ids[severity]) put_ref("event-concept", severity_ids[severity]);
    else severity_ids[severity] = put_text_value("event-concept", severity_names[severity]);
    /* downstream cost and events: new values */
    uint64_t cost = duration / 2;
    put("<duration id=\""); put_u64(next_id++); put("\" fmt=\""); put_duration_fmt(cost); put("\">"); put_u64(cost); put("</duration>");
    int events = 1 + (int)below(3);
    put("<cause-set id=\""); put_u64(next_id++); put("\" fmt=\""); put_u64((uint64_t)events); put(" events\">");
    for (int e = 0; e < events; e++) {
      uint64_t other = update_id + below(100);
      put("<uint64 id=\""); put_u64(next_id++); put("\" fmt=\""); put_u64(other); put("\">"); put_u64(other); put("</uint64>");
    }
    put("</cause-set>");
    /* cause-graph nodes: defined once per view, refs after (their children are refs too) */
    if (v->node_id) put_ref("typed-array", v->node_id); else v->node_id = define_node(v, 0);
    if (v->full_node_id) put_ref("typed-array", v->full_node_id); else v->full_node_id = define_node(v, 1);
    put("</row>\n");
    rows++;
  }
  put("</node></trace-query-result>\n");
  flush_out();
  if (fclose(file) != 0 || rename(tmp_path, argv[2]) != 0) {
    fprintf(stderr, "gen-xml: %s: %s\n", argv[2], strerror(errno));
    return 74;
  }
  printf("%llu\n", (unsigned long long)rows);
  return 0;
}
