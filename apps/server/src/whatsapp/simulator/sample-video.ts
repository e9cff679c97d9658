// A real, playable one-second MP4 (H.264 baseline, one 48x32 frame) without an encoder: every
// macroblock is I_PCM, i.e. raw samples, so the bitstream is a few headers around the pixels.

const WIDTH = 48;
const HEIGHT = 32;

class Bits {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bit(value: number): this {
    this.current = (this.current << 1) | (value & 1);
    if (++this.used === 8) {
      this.bytes.push(this.current);
      this.current = this.used = 0;
    }
    return this;
  }

  u(count: number, value: number): this {
    for (let i = count - 1; i >= 0; i--) this.bit((value >> i) & 1);
    return this;
  }

  /** Exp-Golomb, unsigned. */
  ue(value: number): this {
    const length = Math.floor(Math.log2(value + 1));
    this.u(length, 0);
    return this.u(length + 1, value + 1);
  }

  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  align(): this {
    while (this.used !== 0) this.bit(0);
    return this;
  }

  raw(data: Uint8Array): this {
    for (const byte of data) this.u(8, byte);
    return this;
  }

  /** rbsp_trailing_bits, then the bytes. */
  finish(): Buffer {
    this.bit(1);
    this.align();
    return Buffer.from(this.bytes);
  }
}

/** NAL unit with emulation prevention (no 00 00 0x with x ≤ 3 inside). */
function nal(header: number, rbsp: Buffer): Buffer {
  const out = [header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

function sps(): Buffer {
  const b = new Bits().u(8, 66).u(8, 0xc0).u(8, 10); // baseline, constraint sets 0+1, level 1.0
  b.ue(0).ue(0).ue(2).ue(0).bit(0); // sps id, log2_max_frame_num-4, poc type 2, no ref frames, no gaps
  b.ue(WIDTH / 16 - 1)
    .ue(HEIGHT / 16 - 1)
    .bit(1)
    .bit(1)
    .bit(0)
    .bit(0); // size, frame_mbs_only, 8x8 inference
  return nal(0x67, b.finish());
}

function pps(): Buffer {
  const b = new Bits().ue(0).ue(0).bit(0).bit(0).ue(0).ue(0).ue(0).bit(0).u(2, 0);
  b.se(0).se(0).se(0).bit(1).bit(0).bit(0); // qp offsets, deblocking control present
  return nal(0x68, b.finish());
}

function idrSlice([r, g, bl]: readonly [number, number, number]): Buffer {
  // BT.601 studio range; samples stay within 16..240, so the payload never holds 00 00.
  const y = Math.round(16 + (65.7 * r + 129 * g + 25 * bl) / 256);
  const cb = Math.round(128 + (-37.9 * r - 74.5 * g + 112.4 * bl) / 256);
  const cr = Math.round(128 + (112.4 * r - 94.1 * g - 18.3 * bl) / 256);
  const b = new Bits().ue(0).ue(7).ue(0).u(4, 0).ue(0); // first mb, I slice, pps, frame_num, idr_pic_id
  b.bit(0).bit(0).se(0).ue(1); // no_output_of_prior_pics, long_term_reference, qp delta, deblocking off
  const macroblocks = (WIDTH / 16) * (HEIGHT / 16);
  for (let mb = 0; mb < macroblocks; mb++) {
    b.ue(25).align(); // I_PCM, then pcm_alignment_zero_bits
    const shade = mb % 2 === 0 ? 0 : 24;
    b.raw(new Uint8Array(256).fill(Math.min(235, y + shade)));
    b.raw(new Uint8Array(64).fill(cb));
    b.raw(new Uint8Array(64).fill(cr));
  }
  return nal(0x65, b.finish());
}

const u32 = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(n);
  return buffer;
};
const u16 = (n: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(n);
  return buffer;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'ascii'), body]);
};
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...parts);
const MATRIX = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));

/** A 1-second MP4 showing one frame of `colour` (48x32, in two shades). */
export function mp4(colour: readonly [number, number, number]): Buffer {
  const [seqParams, picParams, slice] = [sps(), pps(), idrSlice(colour)];
  const sample = Buffer.concat([u32(slice.length), slice]);
  const avcC = box(
    'avcC',
    Buffer.from([1, seqParams[1] ?? 66, seqParams[2] ?? 0, seqParams[3] ?? 10, 0xff, 0xe1]),
    u16(seqParams.length),
    seqParams,
    Buffer.from([1]),
    u16(picParams.length),
    picParams,
  );
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(WIDTH),
    u16(HEIGHT),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18),
    u16(0xffff),
    avcC,
  );
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));
  const moovWith = (offset: number) =>
    box(
      'moov',
      full(
        'mvhd',
        0,
        0,
        u32(0),
        u32(0),
        u32(1000),
        u32(1000),
        u32(0x10000),
        u16(0x100),
        Buffer.alloc(10),
        MATRIX,
        Buffer.alloc(24),
        u32(2),
      ),
      box(
        'trak',
        full(
          'tkhd',
          0,
          3,
          u32(0),
          u32(0),
          u32(1),
          u32(0),
          u32(1000),
          Buffer.alloc(8),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          MATRIX,
          u32(WIDTH << 16),
          u32(HEIGHT << 16),
        ),
        box(
          'mdia',
          full('mdhd', 0, 0, u32(0), u32(0), u32(1000), u32(1000), u16(0x55c4), u16(0)),
          full('hdlr', 0, 0, u32(0), Buffer.from('vide'), Buffer.alloc(12), Buffer.from('VideoHandler\0')),
          box(
            'minf',
            full('vmhd', 0, 1, Buffer.alloc(8)),
            box('dinf', full('dref', 0, 0, u32(1), full('url ', 0, 1))),
            box(
              'stbl',
              full('stsd', 0, 0, u32(1), avc1),
              full('stts', 0, 0, u32(1), u32(1), u32(1000)),
              full('stsc', 0, 0, u32(1), u32(1), u32(1), u32(1)),
              full('stsz', 0, 0, u32(0), u32(1), u32(sample.length)),
              full('stco', 0, 0, u32(1), u32(offset)),
            ),
          ),
        ),
      ),
    );
  const moovSize = moovWith(0).length;
  const moov = moovWith(ftyp.length + moovSize + 8);
  return Buffer.concat([ftyp, moov, box('mdat', sample)]);
}
