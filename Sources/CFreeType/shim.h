// Debian's FreeType (libfreetype-dev), used to rasterise TrueType/OpenType label glyphs once,
// when a chart is made.
#include <ft2build.h>
#include FT_FREETYPE_H
