import jpeg from 'jpeg-js';
import type { DeviceType } from '@siteops/contracts/device-protocol';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font.ts';

type Rgb = readonly [number, number, number];

/** An RGBA canvas with the few drawing operations a fake camera picture needs. */
class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }

  pixel(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = r;
    this.data[i + 1] = g;
    this.data[i + 2] = b;
    this.data[i + 3] = 255;
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb) {
    for (let yy = Math.max(0, y); yy < Math.min(this.height, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(this.width, x + w); xx++) this.pixel(xx, yy, color);
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, color: Rgb, thickness = 1) {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(x0 + ((x1 - x0) * s) / steps);
      const y = Math.round(y0 + ((y1 - y0) * s) / steps);
      this.rect(x, y, thickness, thickness, color);
    }
  }

  /** Vertical gradient from `top` to `bottom` over rows y0..y1. */
  gradient(y0: number, y1: number, top: Rgb, bottom: Rgb) {
    for (let y = y0; y < y1; y++) {
      const t = (y - y0) / Math.max(1, y1 - y0 - 1);
      const c: Rgb = [0, 1, 2].map((k) => Math.round(top[k] + (bottom[k] - top[k]) * t)) as unknown as Rgb;
      this.rect(0, y, this.width, 1, c);
    }
  }

  text(x: number, y: number, s: string, scale: number, color: Rgb, shadow: Rgb = [0, 0, 0]) {
    for (const [dx, dy, c] of [
      [1, 1, shadow],
      [0, 0, color],
    ] as const) {
      let cx = x + dx;
      for (const ch of s) {
        const rows = glyph(ch);
        for (let gy = 0; gy < GLYPH_HEIGHT; gy++) {
          for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
            if (rows[gy][gx]) this.rect(cx + gx * scale, y + dy + gy * scale, scale, scale, c);
          }
        }
        cx += (GLYPH_WIDTH + 1) * scale;
      }
    }
  }
}

/** Width in pixels of `s` drawn at `scale`. */
export function textWidth(s: string, scale: number) {
  return [...s].length * (GLYPH_WIDTH + 1) * scale;
}

export interface SnapshotSpec {
  type: DeviceType;
  title: string;
  lines: string[];
  width?: number;
  height?: number;
  /** 0..1 quality; default 0.75. */
  quality?: number;
  /** Varies the scene (e.g. the crane's slew angle, a seed per device). */
  phase?: number;
}

/** A JPEG that looks like a site camera frame: sky, ground, something of the device's type, and a text overlay. */
export function renderSnapshot(spec: SnapshotSpec): Buffer {
  const width = spec.width ?? 320;
  const height = spec.height ?? 180;
  const c = new Canvas(width, height);
  const horizon = Math.round(height * 0.62);
  const phase = spec.phase ?? 0;
  c.gradient(0, horizon, [96, 150, 214], [190, 215, 238]);
  c.gradient(horizon, height, [150, 128, 96], [110, 92, 70]);
  // Buildings under construction.
  for (let i = 0; i < 5; i++) {
    const bw = Math.round(width * 0.09);
    const bh = Math.round(height * (0.18 + ((i * 37 + Math.round(phase * 10)) % 23) / 100));
    const bx = Math.round(width * (0.05 + i * 0.19));
    c.rect(bx, horizon - bh, bw, bh, [170, 170, 165]);
    for (let fy = horizon - bh + 4; fy < horizon - 3; fy += 6) c.rect(bx + 2, fy, bw - 4, 2, [120, 120, 118]);
  }
  const yellow: Rgb = [240, 190, 30];
  const mastX = Math.round(width * 0.7);
  if (spec.type === 'towerCrane' || spec.type === 'dust' || spec.type === 'aiBox') {
    const top = Math.round(height * 0.12);
    c.line(mastX, horizon, mastX, top, yellow, 3);
    const jib = Math.round(width * 0.28 * Math.cos(phase * Math.PI * 2));
    c.line(mastX - Math.round(width * 0.08), top, mastX + jib, top, yellow, 2);
    c.line(mastX + jib, top, mastX + jib, top + Math.round(height * 0.2), [60, 60, 60], 1);
  }
  if (spec.type === 'elevator' || spec.type === 'towerElevatorFace') {
    c.rect(mastX, Math.round(height * 0.1), 6, horizon - Math.round(height * 0.1), [90, 90, 90]);
    const carY = Math.round(height * 0.15 + (horizon - height * 0.35) * (0.5 + 0.5 * Math.sin(phase * Math.PI * 2)));
    c.rect(mastX + 6, carY, 22, 26, [220, 140, 40]);
  }
  if (spec.type === 'plate') {
    const carX = Math.round(width * 0.35);
    c.rect(carX, horizon - 10, 90, 30, [40, 70, 140]);
    c.rect(carX + 30, horizon + 8, 30, 9, [20, 60, 180]);
    c.text(carX + 32, horizon + 9, 'A12345', 1, [255, 255, 255]);
  }
  if (spec.type === 'face') {
    const cx = Math.round(width * 0.5);
    const cy = Math.round(height * 0.45);
    for (let a = 0; a < 360; a += 2) {
      const r = (a * Math.PI) / 180;
      c.rect(cx + Math.round(28 * Math.cos(r)), cy + Math.round(36 * Math.sin(r)), 2, 2, [60, 200, 90]);
    }
  }
  // Overlay band.
  c.rect(0, 0, width, 40, [20, 24, 32]);
  c.text(6, 5, spec.title, 2, [255, 255, 255]);
  spec.lines.slice(0, 2).forEach((l, i) => c.text(6, 22 + i * 9, l, 1, [200, 220, 255]));
  c.rect(width - 14, 6, 8, 8, [220, 30, 30]);
  const encoded = jpeg.encode({ data: c.data, width, height }, Math.round((spec.quality ?? 0.75) * 100));
  return encoded.data;
}
