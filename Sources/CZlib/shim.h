// zlib, which every OS ships: tracecli reads gzipped traces through it.
#include <zlib.h>
