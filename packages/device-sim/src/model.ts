import {
  TELEMETRY_FIELDS,
  encodeFlags,
  type DeviceType,
  type EventLevel,
  type TelemetryData,
} from '@siteops/contracts/device-protocol';
import { Walk, clamp, rng, round, seedOf } from './randomWalk.ts';

export interface SimEventSpec {
  kind: string;
  level: EventLevel;
  data: Record<string, unknown>;
  /** Attach a picture (rendered by the device). */
  picture?: boolean;
}

/** State that commands change (doors, playback) and the model reports. */
export interface ModelControls {
  doorOpenUntil: number;
  playing?: { playId: string; text?: string; until: number };
  volume: number;
}

const SURNAMES = ['Zhang', 'Wang', 'Li', 'Zhao', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhou', 'Wu', 'Xu', 'Sun'];
const GIVEN = ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Jun', 'Yan', 'Qiang', 'Hui', 'Tao', 'Bo', 'Ning'];
const PROVINCES = ['京', '沪', '粤', '苏', '浙', '川', '鲁', '豫', '鄂', '湘'];

/**
 * Realistic drifting readings for one device of one type, plus the occasional event. `sample(dtS)`
 * advances the model by `dtS` seconds and answers a telemetry `data` and the events that happened.
 */
export class DeviceModel {
  readonly random: () => number;
  readonly controls: ModelControls = { doorOpenUntil: 0, volume: 60 };
  latest: TelemetryData = {};
  #day = new Date().toDateString();
  #counters = { passes: 0, alarms: 0, in: 0, out: 0 };
  #w: Record<string, Walk> = {};
  #state: Record<string, number> = {};
  #prevFlags = 0;

  constructor(
    readonly type: DeviceType,
    sn: string,
    /** Multiplies the chance of random events; 0 turns them off. */
    readonly eventRate = 1,
  ) {
    this.random = rng(seedOf(sn));
    const r = this.random;
    const w = (v: number, min: number, max: number, step: number, mean?: number) =>
      new Walk(r, v, min, max, step, mean);
    switch (type) {
      case 'dust':
        this.#w = {
          pm25: w(20 + r() * 40, 3, 400, 4),
          noise: w(58 + r() * 10, 35, 110, 1.5),
          temp: w(12 + r() * 15, -20, 45, 0.2),
          hum: w(45 + r() * 30, 5, 100, 1),
          wind: w(2 + r() * 3, 0, 25, 0.4),
          dir: w(r() * 360, -1e9, 1e9, 8),
        };
        break;
      case 'towerCrane':
        this.#w = {
          radius: w(20 + r() * 20, 3, 60, 1.5),
          slew: w(r() * 360, -1e9, 1e9, 6),
          height: w(20 + r() * 30, 0, 80, 1.5),
          wind: w(3 + r() * 3, 0, 25, 0.4),
          tilt: w(0, -2, 2, 0.02),
        };
        this.#state = { load: 0, target: 0, liftStarted: 0, liftMax: 0, liftMoment: 0 };
        break;
      case 'elevator':
        this.#state = { floor: 1, height: 3, target: 1, people: 0, load: 0 };
        this.#w = { tilt: w(0, -2, 2, 0.02) };
        break;
      case 'aiBox':
        this.#state = { cameras: [4, 8, 16][Math.floor(r() * 3)] };
        this.#w = { cpu: w(40 + r() * 20, 5, 100, 3), temp: w(55 + r() * 10, 30, 95, 0.5) };
        break;
      case 'gateway':
        this.#state = { subs: 8 + Math.floor(r() * 24) };
        this.#state.online = this.#state.subs;
        this.#w = { cpu: w(15 + r() * 20, 1, 100, 2), mem: w(35 + r() * 20, 5, 100, 0.5), sig: w(-80, -115, -55, 1.5) };
        break;
      case 'face':
      case 'towerElevatorFace':
        this.#state = { faces: 200 + Math.floor(r() * 1800) };
        this.#w = { temp: w(40 + r() * 5, 20, 80, 0.3) };
        break;
      default:
        break;
    }
    this.sample(0);
  }

  /** Advance by `dtS` seconds. */
  sample(dtS: number, now = Date.now()): { data: TelemetryData; events: SimEventSpec[] } {
    const today = new Date(now).toDateString();
    if (today !== this.#day) {
      this.#day = today;
      this.#counters = { passes: 0, alarms: 0, in: 0, out: 0 };
    }
    const events: SimEventSpec[] = [];
    const chance = (p: number) =>
      this.eventRate > 0 && this.random() < Math.min(1, (p * this.eventRate * Math.max(dtS, 0)) / 5);
    const r = this.random;
    const w = this.#w;
    const s = this.#state;
    let data: TelemetryData = {};
    switch (this.type) {
      case 'dust': {
        const pm25 = w.pm25.next();
        if (chance(0.01)) w.pm25.value = Math.min(400, w.pm25.value * 3); // a truck went by
        const pm10 = pm25 * (1.6 + r() * 0.4);
        data = {
          a34004: round(pm25),
          a34002: round(pm10),
          a34001: round(pm10 * (1.4 + r() * 0.3)),
          LA: round(w.noise.next()),
          a01001: round(w.temp.next()),
          a01002: round(w.hum.next()),
          a01007: round(w.wind.next()),
          a01008: round(((w.dir.next() % 360) + 360) % 360),
        };
        const limit = 150;
        if ((data.a34002 as number) > limit && ((this.latest.a34002 as number | undefined) ?? 0) <= limit) {
          events.push({ kind: 'overLimit', level: 'alarm', data: { code: 'a34002', value: data.a34002, limit } });
        }
        break;
      }
      case 'towerCrane': {
        // A lifting cycle: pick a load, carry it, set it down.
        if (s.target === 0 && chance(0.3)) {
          s.target = round(0.5 + r() * 5.5, 2);
          s.liftStarted = now;
          s.liftMax = 0;
          s.liftMoment = 0;
        } else if (s.target > 0 && chance(0.2)) {
          if (s.liftStarted && s.liftMax > 0) {
            events.push({
              kind: 'lift',
              level: 'info',
              data: { durationS: round((now - s.liftStarted) / 1000), maxLoad: s.liftMax, maxMomentPct: s.liftMoment },
            });
          }
          s.target = 0;
        }
        s.load = round(clamp(s.load + (s.target - s.load) * 0.5 + (r() - 0.5) * 0.05, 0, 12), 2);
        if (chance(0.01)) s.load = round(s.load * 1.3, 2); // a rare overload
        const radius = w.radius.next();
        const moment = round(((s.load * radius) / 300) * 100);
        const wind = w.wind.next();
        const tilt = w.tilt.next();
        s.liftMax = Math.max(s.liftMax, s.load);
        s.liftMoment = Math.max(s.liftMoment, moment);
        const field = TELEMETRY_FIELDS.towerCrane.find((f) => f.key === 'alarmFlags')!;
        const codes = [
          s.load > 6 ? 'overload' : '',
          moment > 100 ? 'moment' : '',
          wind > 13 ? 'wind' : '',
          Math.abs(tilt) > 1 ? 'tilt' : '',
        ].filter(Boolean);
        const flags = encodeFlags(field, codes);
        data = {
          load: s.load,
          radius: round(radius),
          height: round(w.height.next()),
          slewAngle: round(((w.slew.next() % 360) + 360) % 360),
          momentPct: Math.min(200, moment),
          windSpeed: round(wind),
          tilt: round(tilt, 2),
          alarmFlags: flags,
        };
        if (flags & ~this.#prevFlags) {
          this.#counters.alarms++;
          events.push({
            kind: 'alarm',
            level: 'alarm',
            data: { flags, codes, load: s.load, momentPct: Math.min(200, moment), windSpeed: round(wind) },
          });
        }
        this.#prevFlags = flags;
        break;
      }
      case 'elevator': {
        const floorH = 3;
        let speed = 0;
        if (s.floor === s.target) {
          if (chance(0.5)) {
            const from = s.floor;
            s.target = 1 + Math.floor(r() * 30);
            s.people = Math.floor(r() * 12);
            s.load = round(s.people * 72 + r() * 400);
            if (s.target !== from) {
              events.push({
                kind: 'trip',
                level: 'info',
                data: { fromFloor: from, toFloor: s.target, people: s.people, load: s.load },
              });
            }
          }
        } else {
          const dir = Math.sign(s.target - s.floor);
          speed = round(dir * (0.5 + r() * 0.2), 2);
          s.height = clamp(s.height + speed * Math.max(dtS, 1) * 2, floorH, 30 * floorH + floorH);
          const floor = Math.round(s.height / floorH);
          s.floor = dir > 0 ? Math.min(floor, s.target) : Math.max(floor, s.target);
          if (s.floor === s.target) s.height = s.floor * floorH;
        }
        const field = TELEMETRY_FIELDS.elevator.find((f) => f.key === 'alarmFlags')!;
        const loadPct = round((s.load / 2000) * 100);
        const codes = [loadPct > 100 ? 'overload' : '', chance(0.003) ? 'overspeed' : ''].filter(Boolean);
        const flags = encodeFlags(field, codes);
        const moving = speed !== 0;
        data = {
          load: s.load,
          loadPct,
          floor: s.floor,
          height: round(s.height),
          speed,
          people: s.people,
          frontDoorLocked: moving || r() > 0.2,
          rearDoorLocked: true,
          tilt: round(w.tilt.next(), 2),
          alarmFlags: flags,
        };
        if (flags & ~this.#prevFlags) {
          events.push({ kind: 'alarm', level: 'alarm', data: { flags, codes, load: s.load, floor: s.floor, speed } });
        }
        this.#prevFlags = flags;
        break;
      }
      case 'face':
      case 'towerElevatorFace': {
        if (chance(0.4)) {
          this.#counters.passes++;
          const name = `${SURNAMES[Math.floor(r() * SURNAMES.length)]} ${GIVEN[Math.floor(r() * GIVEN.length)]}`;
          events.push({
            kind: 'pass',
            level: 'info',
            picture: true,
            data: {
              personId: `P${1000 + Math.floor(r() * 9000)}`,
              personName: name,
              direction: r() < 0.5 ? 'in' : 'out',
              verifyMode: r() < 0.9 ? 'face' : 'card',
              similarity: round(0.8 + r() * 0.19, 3),
              ...(this.type === 'towerElevatorFace' ? { role: r() < 0.3 ? 'driver' : 'worker' } : {}),
            },
          });
          this.controls.doorOpenUntil = Math.max(this.controls.doorOpenUntil, now + 3000);
        }
        if (chance(0.01)) {
          events.push({
            kind: 'stranger',
            level: 'warning',
            picture: true,
            data: { direction: 'in', similarity: round(0.2 + r() * 0.4, 3) },
          });
        }
        if (chance(0.002)) events.push({ kind: 'doorForced', level: 'alarm', data: { door: 1 } });
        data = {
          doorOpen: now < this.controls.doorOpenUntil,
          passesToday: this.#counters.passes,
          enrolledFaces: s.faces,
        };
        if (this.type === 'face') data.temperature = round(w.temp.next());
        else data.driverOnDuty = this.#counters.passes > 0;
        break;
      }
      case 'aiBox': {
        const cameras = s.cameras;
        if (chance(0.08)) {
          const kinds = [
            ['noHelmet', 'alarm'],
            ['noVest', 'warning'],
            ['intrusion', 'alarm'],
            ['fireSmoke', 'alarm'],
          ] as const;
          const [kind, level] = kinds[Math.floor(r() * (r() < 0.9 ? 2 : 4))];
          this.#counters.alarms++;
          const x = round(r() * 0.7, 3);
          const y = round(r() * 0.5, 3);
          events.push({
            kind,
            level,
            picture: true,
            data: {
              channel: Math.floor(r() * cameras),
              confidence: round(0.6 + r() * 0.39, 3),
              box: [x, y, round(0.1 + r() * 0.2, 3), round(0.2 + r() * 0.3, 3)],
            },
          });
        }
        data = {
          camerasTotal: cameras,
          camerasOnline: r() < 0.97 ? cameras : cameras - 1,
          cpuPct: round(w.cpu.next()),
          temperature: round(w.temp.next()),
          alarmsToday: this.#counters.alarms,
        };
        break;
      }
      case 'plate': {
        if (chance(0.3)) {
          const direction = r() < 0.5 ? 'in' : 'out';
          if (direction === 'in') this.#counters.in++;
          else this.#counters.out++;
          const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
          let plate = PROVINCES[Math.floor(r() * PROVINCES.length)] + letters[Math.floor(r() * letters.length)];
          for (let i = 0; i < 5; i++) plate += Math.floor(r() * 10);
          const green = r() < 0.15;
          if (green) plate += Math.floor(r() * 10);
          events.push({
            kind: 'plate',
            level: 'info',
            picture: true,
            data: {
              plate,
              color: green ? 'green' : r() < 0.2 ? 'yellow' : 'blue',
              direction,
              confidence: round(0.85 + r() * 0.14, 3),
              gateOpened: true,
            },
          });
          this.controls.doorOpenUntil = now + 4000;
        }
        data = {
          barrierOpen: now < this.controls.doorOpenUntil,
          inToday: this.#counters.in,
          outToday: this.#counters.out,
        };
        break;
      }
      case 'broadcast': {
        const p = this.controls.playing;
        if (p && now >= p.until) {
          events.push({ kind: 'playback', level: 'info', data: { playId: p.playId, state: 'finished', text: p.text } });
          this.controls.playing = undefined;
        }
        data = {
          volume: this.controls.volume,
          state: this.controls.playing ? 'playing' : 'idle',
          track: this.controls.playing?.text?.slice(0, 60) ?? '',
        };
        break;
      }
      case 'gateway': {
        if (chance(0.02)) {
          const online = s.online < s.subs && r() < 0.6;
          s.online += online ? 1 : s.online > 0 ? -1 : 0;
          events.push({
            kind: 'subDevice',
            level: 'info',
            data: { subSn: `SUB${Math.floor(r() * 1e6)}`, subType: r() < 0.5 ? 'meter' : 'sensor', online },
          });
        }
        data = {
          subDevices: s.subs,
          subDevicesOnline: s.online,
          cpuPct: round(w.cpu.next()),
          memPct: round(w.mem.next()),
          uplink: '4G',
          signalDbm: round(w.sig.next()),
        };
        break;
      }
    }
    this.latest = { ...this.latest, ...data };
    return { data, events };
  }
}
