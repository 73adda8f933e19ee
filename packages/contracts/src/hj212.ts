/**
 * HJ 212 (HJ 212-2017, and HJ/T 212-2005 as older units still speak it): the Chinese standard for
 * environmental monitoring data over TCP, which construction-site dust and noise monitors use. A
 * pure codec, shared by the server's transport and the device simulator: no Node imports, no I/O.
 *
 * Layers, one file each under hj212/: frame (## length data CRC CR LF) and the stream decoder for TCP
 * reads; the data segment (packet) and its CP; split messages; builders of the commands, answers and
 * uploads; codes, flags and times; the mapping onto the dust device's telemetry; and a receiver that
 * chains decoder, parser and reassembler for one TCP link of a server.
 */
export * from './hj212/crc.ts';
export * from './hj212/frame.ts';
export * from './hj212/stream-decoder.ts';
export * from './hj212/packet-flag.ts';
export * from './hj212/data-flag.ts';
export * from './hj212/time.ts';
export * from './hj212/cp.ts';
export * from './hj212/packet.ts';
export * from './hj212/split.ts';
export * from './hj212/commands-codes.ts';
export * from './hj212/pollutant-codes.ts';
export * from './hj212/build.ts';
export * from './hj212/replies.ts';
export * from './hj212/commands.ts';
export * from './hj212/uploads.ts';
export * from './hj212/telemetry.ts';
export * from './hj212/receiver.ts';
