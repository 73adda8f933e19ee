/**
 * The device link protocol (docs/device-protocol.md is its prose; this file is its code). Shared by the
 * server's gateway, the device simulator and the console (field labels and units for the lists and
 * charts), so it stays browser-safe: no Node imports, binary helpers on Uint8Array.
 *
 * One file per concern under device-protocol/; this module re-exports them all, so importers keep one path.
 */
export * from './device-protocol/link.ts';
export * from './device-protocol/telemetry.ts';
export * from './device-protocol/events.ts';
export * from './device-protocol/rpc.ts';
export * from './device-protocol/messages.ts';
export * from './device-protocol/frames.ts';
export * from './device-protocol/upgrade.ts';
export * from './device-protocol/mqtt.ts';
