#include <zlib.h>

// inflateInit2 is a macro, which Swift does not import.
static inline int sb_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
