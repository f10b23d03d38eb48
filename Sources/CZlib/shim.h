// zlib (zlib licence), the system's: gzip inputs of LocomotionIO's readers.
#include <zlib.h>
