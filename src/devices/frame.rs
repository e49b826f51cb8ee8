//! The Deckhand serial frame (documented in `hw/shuffler-protocol.md`):
//!
//! ```text
//! STX 0x02 | escaped( VER SEQ TYPE LEN_HI LEN_LO PAYLOAD... CRC_HI CRC_LO ) | ETX 0x03
//! ```
//! CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) over
//! VER..PAYLOAD. Inside the frame, 0x02, 0x03 and 0x10 are sent as DLE (0x10) followed by the
//! byte XOR 0x20. The decoder resynchronises on the next STX after any error, so garbage
//! between frames and cut-off frames cost at most the frame they touch.

pub const STX: u8 = 0x02;
pub const ETX: u8 = 0x03;
pub const DLE: u8 = 0x10;
pub const VERSION: u8 = 1;
/// The largest payload a frame may carry.
pub const MAX_PAYLOAD: usize = 1024;

/// CRC-16/CCITT-FALSE. Check value: `crc16(b"123456789") == 0x29B1`.
pub fn crc16(data: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &b in data {
        crc ^= (b as u16) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub seq: u8,
    pub kind: u8,
    pub payload: Vec<u8>,
}

impl Frame {
    pub fn new(seq: u8, kind: u8, payload: Vec<u8>) -> Frame {
        Frame { seq, kind, payload }
    }

    /// The bytes on the wire, STX to ETX.
    pub fn encode(&self) -> Vec<u8> {
        let len = self.payload.len().min(MAX_PAYLOAD);
        let mut body = Vec::with_capacity(len + 7);
        body.extend_from_slice(&[VERSION, self.seq, self.kind, (len >> 8) as u8, len as u8]);
        body.extend_from_slice(&self.payload[..len]);
        let crc = crc16(&body);
        body.extend_from_slice(&crc.to_be_bytes());
        let mut out = Vec::with_capacity(body.len() + 4);
        out.push(STX);
        for b in body {
            if matches!(b, STX | ETX | DLE) {
                out.push(DLE);
                out.push(b ^ 0x20);
            } else {
                out.push(b);
            }
        }
        out.push(ETX);
        out
    }
}

/// Something wrong on the line; the decoder has already resynchronised.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("CRC mismatch: frame says {expected:04X}, bytes give {actual:04X}")]
    Crc { expected: u16, actual: u16 },
    #[error("frame too short ({0} bytes between STX and ETX)")]
    Short(usize),
    #[error("length field says {declared} bytes, frame carries {actual}")]
    Length { declared: usize, actual: usize },
    #[error("unsupported protocol version {0}")]
    Version(u8),
    #[error("frame longer than {MAX_PAYLOAD} bytes; dropped")]
    Overlong,
    #[error("bad escape byte {0:#04x}")]
    Escape(u8),
    #[error("{0} stray bytes outside a frame")]
    Garbage(usize),
    #[error("frame cut off by a new STX after {0} bytes")]
    Truncated(usize),
}

#[derive(Debug, Default)]
pub struct Decoder {
    in_frame: bool,
    escaped: bool,
    buf: Vec<u8>,
    garbage: usize,
    bad_escape: Option<u8>,
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Feeds bytes; returns each complete frame or error in the order met.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Result<Frame, FrameError>> {
        let mut out = Vec::new();
        for &b in bytes {
            if let Some(r) = self.push_byte(b) {
                out.push(r);
            }
        }
        out
    }

    pub fn push_byte(&mut self, b: u8) -> Option<Result<Frame, FrameError>> {
        if b == STX {
            let report = if self.in_frame && !self.buf.is_empty() {
                Some(Err(FrameError::Truncated(self.buf.len())))
            } else if self.garbage > 0 {
                Some(Err(FrameError::Garbage(self.garbage)))
            } else {
                None
            };
            self.garbage = 0;
            self.in_frame = true;
            self.escaped = false;
            self.bad_escape = None;
            self.buf.clear();
            return report;
        }
        if !self.in_frame {
            self.garbage += 1;
            return None;
        }
        if b == ETX {
            self.in_frame = false;
            let r = if let Some(e) = self.bad_escape.take() {
                Err(FrameError::Escape(e))
            } else {
                parse_body(&self.buf)
            };
            self.buf.clear();
            return Some(r);
        }
        if self.buf.len() > MAX_PAYLOAD + 8 {
            self.in_frame = false;
            self.buf.clear();
            return Some(Err(FrameError::Overlong));
        }
        if self.escaped {
            self.escaped = false;
            let v = b ^ 0x20;
            if !matches!(v, STX | ETX | DLE) && self.bad_escape.is_none() {
                self.bad_escape = Some(b);
            }
            self.buf.push(v);
        } else if b == DLE {
            self.escaped = true;
        } else {
            self.buf.push(b);
        }
        None
    }
}

fn parse_body(body: &[u8]) -> Result<Frame, FrameError> {
    if body.len() < 7 {
        return Err(FrameError::Short(body.len()));
    }
    let (data, crc_bytes) = body.split_at(body.len() - 2);
    let expected = u16::from_be_bytes([crc_bytes[0], crc_bytes[1]]);
    let actual = crc16(data);
    if expected != actual {
        return Err(FrameError::Crc { expected, actual });
    }
    if data[0] != VERSION {
        return Err(FrameError::Version(data[0]));
    }
    let declared = u16::from_be_bytes([data[3], data[4]]) as usize;
    let payload = &data[5..];
    if declared != payload.len() {
        return Err(FrameError::Length {
            declared,
            actual: payload.len(),
        });
    }
    Ok(Frame {
        seq: data[1],
        kind: data[2],
        payload: payload.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_check_value() {
        assert_eq!(crc16(b"123456789"), 0x29B1);
    }

    #[test]
    fn round_trip_with_escaped_bytes() {
        let f = Frame::new(STX, ETX, vec![DLE, STX, ETX, 0, 255]);
        let wire = f.encode();
        assert_eq!(wire.iter().filter(|b| **b == STX).count(), 1);
        assert_eq!(wire.iter().filter(|b| **b == ETX).count(), 1);
        let mut d = Decoder::new();
        assert_eq!(d.push(&wire), vec![Ok(f)]);
    }

    #[test]
    fn resynchronises_after_garbage_and_cut_frames() {
        let a = Frame::new(1, 0x91, vec![0, 52]);
        let b = Frame::new(2, 0xA0, vec![]);
        let mut wire = b"noise".to_vec();
        wire.extend_from_slice(&a.encode()[..4]); // cut off
        wire.extend_from_slice(&b.encode());
        let mut d = Decoder::new();
        let got = d.push(&wire);
        assert_eq!(
            got,
            vec![
                Err(FrameError::Garbage(5)),
                Err(FrameError::Truncated(3)),
                Ok(b)
            ]
        );
    }

    #[test]
    fn corrupted_byte_fails_the_crc() {
        let mut wire = Frame::new(9, 0x91, vec![0, 52]).encode();
        let n = wire.len();
        wire[n - 4] ^= 0x01; // inside the payload
        let got = Decoder::new().push(&wire);
        assert!(matches!(got[..], [Err(FrameError::Crc { .. })]), "{got:?}");
    }
}
