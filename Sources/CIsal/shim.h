// Intel ISA-L (BSD-3-Clause), the system's: the fast inflate behind `.gz` inputs with the ISAL trait on Linux.
#include <isa-l/igzip_lib.h>
#include <stdint.h>
#include <stdlib.h>

// ISA-L's state is 87 KB. Swift reaches it only through these accessors, so that no Swift access copies the struct
// (an unoptimised build reads and writes a field of an imported struct through a copy of the whole value).

/// A new decompressor of one gzip member's deflate data, the header already read (LocomotionIO reads it: see
/// GzipMemberHeader), its CRC-32 and length trailer checked; NULL without memory.
static inline struct inflate_state *locomotion_isal_make(void) {
    struct inflate_state *state = calloc(1, sizeof(struct inflate_state));
    if (state) {
        isal_inflate_init(state);
        state->crc_flag = ISAL_GZIP_NO_HDR_VER;
    }
    return state;
}

/// Ready for the next member's deflate data; returns the input not consumed (`count` bytes), which is no longer
/// the decompressor's.
static inline uint8_t *locomotion_isal_next_member(struct inflate_state *state, uint32_t *count) {
    uint8_t *next = state->next_in;
    *count = state->avail_in;
    isal_inflate_reset(state);
    state->crc_flag = ISAL_GZIP_NO_HDR_VER;
    state->next_in = NULL;
    state->avail_in = 0;
    return next;
}

static inline void locomotion_isal_supply(struct inflate_state *state, uint8_t *bytes, uint32_t count) {
    state->next_in = bytes;
    state->avail_in = count;
}

static inline uint32_t locomotion_isal_available_input(const struct inflate_state *state) { return state->avail_in; }

/// Inflates into `destination`; ISA-L's status, and in `produced` the bytes written.
static inline int locomotion_isal_inflate(struct inflate_state *state, uint8_t *destination, uint32_t capacity,
                                          uint32_t *produced) {
    state->next_out = destination;
    state->avail_out = capacity;
    int status = isal_inflate(state);
    *produced = capacity - state->avail_out;
    return status;
}

/// True once the member's data and trailer are read (its checksum and length verified).
static inline int locomotion_isal_member_ended(const struct inflate_state *state) {
    return state->block_state == ISAL_BLOCK_FINISH;
}
