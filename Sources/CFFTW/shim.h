// FFTW's own complex type would clash with Swift's C importer; use plain double[2].
#define FFTW_NO_Complex 1
#include <fftw3.h>
