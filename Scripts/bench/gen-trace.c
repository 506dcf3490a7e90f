/*
 * gen-trace: deterministic synthetic tracecli trace (JSON Lines, format version 1).
 *
 *   cc -O2 -ffp-contract=off -o gen-trace gen-trace.c
 *   gen-trace EVENTS OUT.jsonl [SEED] [many-groups]
 *
 * Writes one header line plus EVENTS event lines to OUT.jsonl (via OUT.jsonl.tmp and a
 * rename, so an interrupted run never leaves a half file behind). The same EVENTS and SEED
 * give the same bytes on every machine: one 64-bit PRNG (splitmix64), no libm (exp is a
 * local series; normal deviates are a sum of uniforms), no time or locale input.
 *
 * Shape (see Scripts/bench/README.md): ~90% `update` (body 70% / other 25% /
 * representable 5%), ~300 (module, kind, name) groups over 5 modules, log-normal-ish
 * durations around 50-300 us with a tail (a few % orange/red), ~2% skipped, rare unfinished
 * sentinel, ~5% on "com.apple.render", 50-150 updates per 8.33 ms frame at 120 Hz; the rest
 * are `group`, `source` and `cause` events plus a rare unknown event type. ~1% of lines carry
 * unknown keys, a few have another key order or spaces between tokens, and a few names need
 * JSON escapes (\" \/ \u00e9).
 *
 * The many-groups shape (issue #11's): after 50 sources (state, @Observable, environment,
 * gesture), half the events are body updates of 300 names, each in one of 7 modules picked per
 * update (~2 100 groups), with log-normal durations (median ~100 us), on the main thread; the
 * other half is one cause per update, from a random source. Plain lines, one key order.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* MARK: - Random numbers (deterministic, no libm) */

static uint64_t rng_state;

static uint64_t next_u64(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double uniform(void) { return (double)(next_u64() >> 11) * (1.0 / 9007199254740992.0); }

/* Uniform integer in [lo, hi]. */
static int64_t between(int64_t lo, int64_t hi) {
  return lo + (int64_t)(next_u64() % (uint64_t)(hi - lo + 1));
}

static int chance(double p) { return uniform() < p; }

/* Approximately standard normal: sum of 4 uniforms, scaled (tails end at +-3.46). */
static double normal(void) {
  double s = uniform() + uniform() + uniform() + uniform();
  return (s - 2.0) * 1.7320508075688772;
}

/* exp(x) for |x| < ~40 with only + - * / and exact scaling, so it is bit-reproducible. */
static double exp_local(double x) {
  const double ln2 = 0.6931471805599453;
  int k = (int)(x / ln2 + (x >= 0 ? 0.5 : -0.5));
  double r = x - k * ln2, term = 1.0, sum = 1.0;
  for (int i = 1; i < 18; i++) {
    term = term * r / i;
    sum += term;
  }
  while (k > 0) { sum *= 2.0; k--; }
  while (k < 0) { sum *= 0.5; k++; }
  return sum;
}

/* Cheap string hash (FNV-1a) to give each view a stable cost. */
static uint64_t fnv(const char *s) {
  uint64_t h = 1469598103934665603ULL;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
  return h;
}

/* MARK: - Output buffer */

#define OUT_CAP (8u << 20)
static char *out;
static size_t out_len;
static FILE *out_file;
static uint64_t bytes_written;

static void flush_out(void) {
  if (out_len && fwrite(out, 1, out_len, out_file) != out_len) {
    perror("gen-trace: write");
    exit(1);
  }
  bytes_written += out_len;
  out_len = 0;
}

static inline void put(const char *s, size_t n) {
  memcpy(out + out_len, s, n);
  out_len += n;
}
static inline void puts_(const char *s) { put(s, strlen(s)); }
static inline void putc_(char c) { out[out_len++] = c; }

static inline void put_i64(int64_t v) {
  char tmp[24];
  int n = 0;
  uint64_t u = v < 0 ? (uint64_t)(-(v + 1)) + 1 : (uint64_t)v;
  if (v < 0) putc_('-');
  do {
    tmp[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  while (n) putc_(tmp[--n]);
}

/* MARK: - Lines as field lists (so key order and spacing can vary) */

enum { F_INT, F_STR, F_BOOL, F_RAW };
typedef struct {
  const char *key;
  int kind;
  int64_t i;     /* F_INT value, F_BOOL 0/1 */
  const char *s; /* F_STR: already JSON-escaped text between the quotes; F_RAW: JSON text */
} Field;

#define MAX_FIELDS 16
static Field fields[MAX_FIELDS];
static int nfields;

static void f_int(const char *k, int64_t v) { fields[nfields++] = (Field){k, F_INT, v, NULL}; }
static void f_str(const char *k, const char *v) { fields[nfields++] = (Field){k, F_STR, 0, v}; }
static void f_bool(const char *k, int v) { fields[nfields++] = (Field){k, F_BOOL, v, NULL}; }
static void f_raw(const char *k, const char *v) { fields[nfields++] = (Field){k, F_RAW, 0, v}; }

static const char *unknown_values[] = {
  "{\"tags\":[\"a\",\"b\"],\"depth\":{\"x\":[1,2.5,-3e-2,null,true,false,{\"y\":[[[]]]}]}}",
  "123456789012345678901234567890",
  "\"caf\\u00e9 \\\"quoted\\\" \\\\ path\\/x \\ud83d\\ude00\"",
  "[1.0e+300,-0.0,\"}\",\"{\",\"\\n\"]",
  "null",
};
static const char *unknown_keys[] = {"x-meta", "x-big", "x-note", "x-list", "x-null"};

static uint64_t lines_with_unknown_keys, lines_reordered, lines_spaced;

/* Emits the current field list as one line; sometimes reorders keys, adds an unknown key,
 * or puts spaces between tokens. */
static void emit_line(void) {
  int order[MAX_FIELDS + 1];
  int n = nfields;
  for (int i = 0; i < n; i++) order[i] = i;

  if (chance(0.01)) { /* an unknown key at the end, at the front or after `type` */
    int u = (int)between(0, 4);
    f_raw(unknown_keys[u], unknown_values[u]);
    int pos = (int)between(0, 2) == 0 ? 0 : ((int)between(0, 1) ? n : 1);
    for (int i = n; i > pos; i--) order[i] = order[i - 1];
    order[pos] = n;
    n++;
    lines_with_unknown_keys++;
  }
  if (chance(0.005)) { /* another key order: reversed */
    for (int i = 0; i < n / 2; i++) {
      int t = order[i];
      order[i] = order[n - 1 - i];
      order[n - 1 - i] = t;
    }
    lines_reordered++;
  }
  int spaced = chance(0.003);
  if (spaced) lines_spaced++;
  const char *colon = spaced ? "\": " : "\":";

  putc_('{');
  if (spaced && chance(0.5)) putc_(' ');
  for (int j = 0; j < n; j++) {
    const Field *f = &fields[order[j]];
    if (j) puts_(spaced ? ", " : ",");
    putc_('"');
    puts_(f->key);
    puts_(colon);
    switch (f->kind) {
      case F_INT: put_i64(f->i); break;
      case F_STR: putc_('"'); puts_(f->s); putc_('"'); break;
      case F_BOOL: puts_(f->i ? "true" : "false"); break;
      default: puts_(f->s); break;
    }
  }
  if (spaced) putc_(' ');
  putc_('}');
  putc_('\n');
  nfields = 0;
  if (out_len > OUT_CAP - 4096) flush_out();
}

/* MARK: - Vocabulary */

typedef struct {
  const char *view;   /* NULL: no `view` key (an `other` update named by its label) */
  const char *label;  /* NULL: no `label` key */
  const char *module; /* NULL: no `module` key */
  int kind;           /* 0 body, 1 other, 2 representable */
  double median_ns;
} ViewDef;

static const char *kind_names[] = {"body", "other", "representable"};

#define MAX_VIEWS 400
static ViewDef views[3][MAX_VIEWS];
static int nviews[3];

static void add_view(int kind, const char *view, const char *label, const char *module,
                     double lo_us, double hi_us) {
  const char *key = view ? view : label;
  uint64_t h = fnv(key) ^ (fnv(module ? module : "") * 31);
  double t = (double)(h % 10007) / 10007.0;
  double median = (lo_us + (hi_us - lo_us) * t * t) * 1000.0;
  if (kind == 0 && h % 37 == 0) median *= 5.0; /* a few consistently slow views */
  views[kind][nviews[kind]++] = (ViewDef){view, label, module, kind, median};
}

static const char *app_prefixes[] = {
  "Landmark", "Category", "Favorite", "Profile", "Badge", "Hike", "Elevation", "Collection",
  "Detail", "Feature", "Search", "Settings", "Photo", "Trail", "Weather", "Summary", "Filter",
  "Header", "Footer", "Gallery"};
static const char *app_suffixes[] = {
  "View", "Row", "ListItemView", "Card", "Grid", "Cell", "Button", "Label", "Graph", "Section",
  "Toolbar", "Editor"};

static const char *swiftui_bodies[] = {
  "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "ScrollView", "List",
  "NavigationStack", "NavigationSplitView", "TabView", "Text", "Image", "Button<Text>", "Toggle",
  "ForEach<Array<Landmark>, Int, LandmarkRow>", "ForEach<Range<Int>, Int, AnyView>",
  "ModifiedContent<Text, _PaddingLayout>", "ModifiedContent<Image, _FrameLayout>", "Group",
  "Section", "Label<Text, Image>", "Spacer", "Divider", "GeometryReader", "AsyncImage",
  "ProgressView", "Picker", "Slider", "Stepper", "Menu", "Form", "SearchField", "ContentUnavailableView",
  "ShareLink", "Link", "Grid", "GridRow", "ViewThatFits", "TupleView<(Text, Spacer, Image)>",
  "AnyView", "EmptyView", "Color", "RoundedRectangle", "Capsule"};
static const char *mapkit_bodies[] = {
  "Map", "MapContentView", "Marker", "Annotation", "UserAnnotation", "MapPolyline", "MapCircle",
  "LookAroundPreview", "MapCompass", "MapScaleView"};
static const char *charts_bodies[] = {
  "Chart", "LineMark", "BarMark", "AreaMark", "PointMark", "RuleMark", "AxisMarks",
  "ChartPlotContent", "ChartLegend", "ElevationChartContent"};
static const char *representables[][2] = {
  {"MapViewRepresentable", "Landmarks"}, {"PageViewController", "Landmarks"},
  {"PageControl", "Landmarks"}, {"TextFieldRepresentable", "Landmarks"},
  {"WebView", "LandmarksUI"}, {"CameraPreview", "LandmarksUI"},
  {"ActivityView", "LandmarksUI"}, {"VideoPlayerView", "LandmarksUI"},
  {"PlatformViewHost<MKMapView>", "MapKit"}, {"MKMapViewWrapper", "MapKit"},
  {"_UIHostingView", "SwiftUI"}, {"UIViewControllerHost", "SwiftUI"},
  {"PlatformTextField", "SwiftUI"}, {"PlatformScrollView", "SwiftUI"},
  {"ChartsCanvasView", "Charts"}};
static const char *other_labels[] = {
  "Layout", "Layout: ScrollViewChildContainerSize", "Layout: StackLayout", "Layout: Grid\\/Row",
  "Layout invalidated", "Preferences", "Preferences: TitleKey", "Text", "Text: \\\"Favorites\\\"",
  "Text: Resolve", "Environment changed", "Environment", "Geometry", "Animation", "Spring",
  "Display List", "RenderBox", "Image", "Image: Decode", "Shape", "Path", "Gesture", "Focus",
  "Accessibility", "Safe Area", "Scroll", "Transaction", "Style", "ForegroundStyle",
  "ButtonStyle", "Observation", "Navigation", "Sheet", "Toolbar", "Font", "Tint", "Opacity",
  "Offset", "Frame", "Padding"};

static void build_views(void) {
  /* ~190 app body views in two modules; one name needs a \u escape. */
  int na = 0;
  for (int p = 0; p < 20; p++)
    for (int s = 0; s < 12; s++) {
      if ((p * 7 + s * 5) % 5 == 0) continue; /* skip ~1/5: not every combination exists */
      static char names[240][40];
      snprintf(names[na], sizeof names[na], "%s%s", app_prefixes[p], app_suffixes[s]);
      add_view(0, names[na], NULL, (p + s) % 3 ? "Landmarks" : "LandmarksUI", 25, 250);
      na++;
    }
  add_view(0, "Caf\\u00e9MenuView", NULL, "Landmarks", 40, 120);
  for (size_t i = 0; i < sizeof swiftui_bodies / sizeof *swiftui_bodies; i++)
    add_view(0, swiftui_bodies[i], NULL, "SwiftUI", 10, 120);
  for (size_t i = 0; i < sizeof mapkit_bodies / sizeof *mapkit_bodies; i++)
    add_view(0, mapkit_bodies[i], NULL, "MapKit", 30, 300);
  for (size_t i = 0; i < sizeof charts_bodies / sizeof *charts_bodies; i++)
    add_view(0, charts_bodies[i], NULL, "Charts", 30, 300);
  for (size_t i = 0; i < sizeof representables / sizeof *representables; i++)
    add_view(2, representables[i][0], NULL, representables[i][1], 100, 400);
  for (size_t i = 0; i < sizeof other_labels / sizeof *other_labels; i++) {
    /* mostly SwiftUI-owned, a few with no module, a few named by a view */
    const char *module = i % 9 == 4 ? NULL : "SwiftUI";
    const char *view = i % 8 == 3 ? views[0][i * 3].view : NULL;
    add_view(1, view, other_labels[i], view ? views[0][i * 3].module : module, 8, 120);
  }
}

/* Skewed pick: index i with density ~ 1/sqrt(i), so a few views dominate. */
static const ViewDef *pick_view(int kind) {
  double u = uniform();
  return &views[kind][(int)(u * u * nviews[kind])];
}

typedef struct {
  const char *kind, *label, *owner, *property;
  int user;
} SourceDef;

static const SourceDef sources[] = {
  {"state", "@State isOn", "OnOffView", "isOn", 1},
  {"state", "@State isExpanded", "HikeView", "isExpanded", 1},
  {"state", "@State searchText", "LandmarkList", "searchText", 1},
  {"state", "@State selection", "ContentView", "selection", 1},
  {"state", "@Binding isFavorite", "FavoriteButton", "isFavorite", 1},
  {"state", "@StateObject viewModel", "ProfileHost", "viewModel", 1},
  {"observable", "@Observable LandmarkCollection.landmarks", "LandmarkCollection", "landmarks", 1},
  {"observable", "@Observable ModelData.favoritesCollection", "ModelData", "favoritesCollection", 1},
  {"observable", "@Observable ModelData.profile", "ModelData", "profile", 1},
  {"observable", "@Observable ModelData.hikes", "ModelData", "hikes", 1},
  {"observable", "ObservableObject UserSettings.objectWillChange", "UserSettings", NULL, 1},
  {"gesture", "Gesture: Tap", NULL, NULL, 1},
  {"gesture", "Gesture: Scroll", NULL, NULL, 1},
  {"gesture", "Gesture: Drag", NULL, NULL, 1},
  {"environment", "External Environment", NULL, NULL, 0},
  {"environment", "External Environment: colorScheme", NULL, "colorScheme", 0},
  {"environmentWriter", "EnvironmentWriter: ModelData", "ModelData", NULL, 0},
  {"environmentWriter", "EnvironmentWriter: \\\\.dismiss", NULL, "dismiss", 0},
  {"preference", "Preference: NavigationTitleKey", NULL, NULL, 0},
  {"preference", "Preference: SizePreferenceKey", "ElevationGraph", NULL, 0},
  {"transaction", "Transaction: withAnimation", NULL, NULL, 0},
  {"transaction", "Transaction: Animation", NULL, NULL, 0},
  {"creation", "Creation: LandmarkRow", "LandmarkRow", NULL, 0},
  {"creation", "Creation: ForEach", NULL, NULL, 0},
  {"other", "Display Link", NULL, NULL, 0},
  {"other", "Timer", NULL, NULL, 0},
};
#define NSOURCES (int)(sizeof sources / sizeof *sources)
/* Weighted choice of a source: state and observable are the common ones. */
static const SourceDef *pick_source(void) {
  double u = uniform();
  int i = u < 0.55 ? (int)(uniform() * 11) : 11 + (int)(uniform() * (NSOURCES - 11));
  return &sources[i];
}

static const char *group_labels[] = {
  "Transaction for Gesture", "(RootDisplayList DisplayList)", "Transaction", "Update for Observable",
  "(ViewGraph)", "Animation Transaction", "Scroll Update", "(Layout)"};
static const char *changed_names[][2] = {
  {"isFavorite", "Bool"}, {"landmarks", "Array<Landmark>"}, {"isOn", "Bool"},
  {"profile", "Profile"}, {"colorScheme", "EnvironmentValues"}, {"searchText", "String"},
  {"selection", "Optional<Int>"}};
static const char *backtrace =
  "[\"ModelData.toggleFavorite(_:) + 120\",\"closure #1 in FavoriteButton.body.getter + 88\","
  "\"SwiftUI.Button.action + 32\"]";

/* MARK: - Generator */

#define RENDER_THREAD "com.apple.render"
#define UNFINISHED 6148782250705247539LL

/* MARK: - The many-groups shape */

static void put_key(const char *key) {
  putc_('"');
  puts_(key);
  puts_("\":");
}

static int many_groups(long long target) {
  static const char *kinds[4] = {"state", "observable", "environment", "gesture"};
  const int64_t origin = 1000000000;
  puts_("{\"type\":\"trace\",\"version\":1,\"app\":\"ManyGroups\",\"refreshRate\":120,\"start\":");
  put_i64(origin);
  puts_(",\"producer\":\"Scripts/bench/gen-trace.c many-groups\"}\n");
  long long emitted = 0;
  for (int s = 0; s < 50 && emitted < target; s++, emitted++) {
    puts_("{\"type\":\"source\",");
    put_key("id"); put_i64(s); putc_(',');
    put_key("kind"); putc_('"'); puts_(kinds[s % 4]); puts_("\",");
    put_key("label"); puts_("\"@State model.value"); put_i64(s); puts_("\",");
    put_key("user"); puts_("true,");
    put_key("time"); put_i64(origin + s * 1000); puts_("}\n");
    if (out_len > OUT_CAP - 4096) flush_out();
  }
  int64_t t = origin + 100000, id = 100;
  while (emitted < target) {
    t += between(10000, 300000);
    int64_t duration = (int64_t)exp_local(11.5 + 1.2 * normal());
    puts_("{\"type\":\"update\",");
    put_key("id"); put_i64(id); putc_(',');
    put_key("kind"); puts_("\"body\",");
    put_key("view"); puts_("\"FeatureView"); put_i64(between(0, 299)); puts_("\",");
    put_key("module"); puts_("\"FeatureModule"); put_i64(between(0, 6)); puts_("\",");
    put_key("start"); put_i64(t); putc_(',');
    put_key("duration"); put_i64(duration); putc_(',');
    put_key("thread"); puts_("\"main\"}\n");
    emitted++;
    if (emitted < target) {
      puts_("{\"type\":\"cause\",");
      put_key("from"); put_i64(between(0, 49)); putc_(',');
      put_key("to"); put_i64(id); putc_(',');
      put_key("label"); puts_("\"update\",");
      put_key("time"); put_i64(t); puts_("}\n");
      emitted++;
    }
    id++;
    if (out_len > OUT_CAP - 4096) flush_out();
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: gen-trace EVENTS OUT.jsonl [SEED] [many-groups]\n");
    return 64;
  }
  char *end;
  errno = 0;
  long long target = strtoll(argv[1], &end, 10);
  if (errno || *end || target < 0) {
    fprintf(stderr, "gen-trace: EVENTS must be a non-negative integer, got '%s'\n", argv[1]);
    return 64;
  }
  uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
  rng_state = seed * 0x2545F4914F6CDD1DULL + 12345;

  char tmp_path[4096];
  snprintf(tmp_path, sizeof tmp_path, "%s.tmp", argv[2]);
  out_file = fopen(tmp_path, "wb");
  if (!out_file) {
    perror(tmp_path);
    return 73;
  }
  out = malloc(OUT_CAP);
  if (!out) return 71;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);

  if (argc > 4 && strcmp(argv[4], "many-groups") == 0) {
    many_groups(target);
    flush_out();
    if (fclose(out_file) != 0 || rename(tmp_path, argv[2]) != 0) {
      perror(argv[2]);
      return 74;
    }
    return 0;
  }
  if (argc > 4) {
    fprintf(stderr, "gen-trace: unknown shape '%s' (many-groups)\n", argv[4]);
    return 64;
  }

  build_views();

  const int64_t origin = 1000000000;       /* header start: anchors the implicit grid */
  const int64_t budget = 8333333;          /* 1e9 / 120 rounded */
  uint64_t counts[8] = {0};                /* update group source cause unknown */
  uint64_t kind_counts[3] = {0}, skipped = 0, unfinished = 0, render = 0, orange = 0, red = 0;
  int64_t next_id = 1;

  f_str("type", "trace");
  f_int("version", 1);
  f_str("app", "Bench");
  f_str("device", "Synthetic");
  f_int("refreshRate", 120);
  f_int("start", origin);
  f_str("producer", "Scripts/bench/gen-trace.c");
  /* header: no random decoration */
  putc_('{');
  for (int j = 0; j < nfields; j++) {
    if (j) putc_(',');
    putc_('"');
    puts_(fields[j].key);
    puts_("\":");
    if (fields[j].kind == F_INT) put_i64(fields[j].i);
    else { putc_('"'); puts_(fields[j].s); putc_('"'); }
  }
  puts_("}\n");
  nfields = 0;

  long long emitted = 0;
  int64_t frame = 0;
  int64_t frame_sources[4];
  int64_t frame_updates[160];

  while (emitted < target) {
    if (chance(0.08)) frame += between(1, 4); /* idle frames: nothing happens */
    const int64_t fstart = origin + frame * budget;
    frame++;

    /* Busy window: usually the first half of the frame; sometimes nearly all of it, which
     * makes frames that miss their deadline by accumulation. */
    const double fill = chance(0.03) ? 0.93 + 0.06 * uniform() : 0.35 + 0.3 * uniform();
    const int nupdates = (int)between(50, 150);
    const double mean_gap = fill * (double)budget / nupdates;
    int64_t t = fstart + between(20000, 200000);

    /* group(s) */
    int64_t group_id = next_id++;
    if (emitted < target) {
      f_str("type", "group");
      f_int("id", group_id);
      f_int("start", t - between(1000, 20000));
      f_int("duration", (int64_t)(fill * budget) + between(100000, 400000));
      f_str("label", group_labels[between(0, 7)]);
      emit_line();
      counts[1]++;
      emitted++;
    }
    int second_group_at = chance(0.3) ? (int)between(10, nupdates - 1) : -1;

    /* sources */
    int nsrc = (int)between(1, 3);
    for (int s = 0; s < nsrc && emitted < target; s++) {
      const SourceDef *src = pick_source();
      int64_t id = next_id++;
      frame_sources[s] = id;
      f_str("type", "source");
      f_int("id", id);
      f_str("kind", src->kind);
      f_str("label", src->label);
      if (src->owner) f_str("owner", src->owner);
      if (src->property) f_str("property", src->property);
      if (src->user) f_bool("user", 1);
      else if (chance(0.2)) f_bool("user", 0);
      f_int("time", t - between(5000, 15000));
      if (chance(0.01)) f_raw("backtrace", backtrace);
      emit_line();
      counts[2]++;
      emitted++;
    }

    /* updates, each sometimes followed by the cause edge that explains it */
    int nframe_updates = 0;
    for (int u = 0; u < nupdates && emitted < target; u++) {
      if (u == second_group_at) {
        group_id = next_id++;
        f_str("type", "group");
        f_int("id", group_id);
        f_int("start", t);
        int64_t group_end = fstart + (int64_t)(fill * budget) + between(100000, 300000);
        f_int("duration", group_end > t ? group_end - t : between(1000, 20000));
        f_str("label", group_labels[between(0, 7)]);
        emit_line();
        counts[1]++;
        emitted++;
        if (emitted >= target) break;
      }

      double k = uniform();
      int kind = k < 0.70 ? 0 : (k < 0.95 ? 1 : 2);
      const ViewDef *v = pick_view(kind);
      int is_skipped = kind == 0 && chance(0.0286);
      int64_t duration;
      if (is_skipped) {
        duration = between(800, 8000);
      } else if (chance(0.00001)) {
        duration = UNFINISHED;
        unfinished++;
      } else {
        double d = v->median_ns * exp_local(0.55 * normal());
        if (chance(0.025)) d *= 3.0 + 12.0 * uniform(); /* the long tail */
        duration = (int64_t)d + 1;
        if (duration > 1000000) red++;
        else if (duration > 500000) orange++;
      }

      int64_t id = next_id++;
      f_str("type", "update");
      f_int("id", id);
      f_str("kind", kind_names[kind]);
      if (v->view) f_str("view", v->view);
      if (v->label) f_str("label", v->label);
      if (v->module) f_str("module", v->module);
      f_int("start", t);
      f_int("duration", duration);
      if (chance(0.05)) {
        f_str("thread", RENDER_THREAD);
        render++;
      } else if (chance(0.01)) {
        f_str("thread", "main");
      }
      if (is_skipped) {
        f_bool("skipped", 1);
        skipped++;
      } else if (chance(0.005)) {
        f_bool("skipped", 0);
      }
      if (chance(0.8)) f_int("group", group_id);
      emit_line();
      counts[0]++;
      kind_counts[kind]++;
      emitted++;
      if (nframe_updates < 160) frame_updates[nframe_updates++] = id;

      if (chance(0.075) && emitted < target) {
        int64_t from = (nframe_updates > 1 && chance(0.4))
                         ? frame_updates[between(0, nframe_updates - 2)]
                         : frame_sources[between(0, nsrc - 1)];
        f_str("type", "cause");
        f_int("from", from);
        f_int("to", id);
        double l = uniform();
        if (l < 0.05) f_str("label", "creation");
        else if (l < 0.55) f_str("label", "update");
        if (chance(0.5)) f_int("time", t - between(100, 2000));
        if (chance(0.4)) {
          int c = (int)between(0, 6);
          f_str("changed", changed_names[c][0]);
          f_str("valueType", changed_names[c][1]);
        }
        emit_line();
        counts[3]++;
        emitted++;
      }

      int64_t gap = (int64_t)(mean_gap * (0.5 + uniform()));
      if (t + gap >= fstart + budget) break; /* stay inside this frame */
      t += gap;
    }

    if (chance(0.001) && emitted < target) { /* an event type from a newer producer */
      f_str("type", "x-signpost");
      f_int("time", t);
      f_str("name", "bench");
      emit_line();
      counts[4]++;
      emitted++;
    }
  }

  flush_out();
  if (fclose(out_file) != 0) {
    perror(tmp_path);
    return 74;
  }
  if (rename(tmp_path, argv[2]) != 0) {
    perror(argv[2]);
    return 73;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  fprintf(stderr,
          "gen-trace: %s: %lld events + header, %.1f MB (%.1f B/line) in %.2f s\n"
          "  update %llu (body %llu, other %llu, representable %llu; skipped %llu, "
          "unfinished %llu, render thread %llu, orange %llu, red %llu)\n"
          "  group %llu, source %llu, cause %llu, unknown type %llu; %lld frames; "
          "lines with unknown keys %llu, reordered %llu, spaced %llu\n",
          argv[2], target, bytes_written / 1e6, (double)bytes_written / (target + 1), secs,
          (unsigned long long)counts[0], (unsigned long long)kind_counts[0],
          (unsigned long long)kind_counts[1], (unsigned long long)kind_counts[2],
          (unsigned long long)skipped, (unsigned long long)unfinished,
          (unsigned long long)render, (unsigned long long)orange, (unsigned long long)red,
          (unsigned long long)counts[1], (unsigned long long)counts[2],
          (unsigned long long)counts[3], (unsigned long long)counts[4], (long long)frame,
          (unsigned long long)lines_with_unknown_keys, (unsigned long long)lines_reordered,
          (unsigned long long)lines_spaced);
  return 0;
}
