// Debian's zlib (zlib1g-dev), used for PNG's deflate stream and CRC-32.
#include <zlib.h>
