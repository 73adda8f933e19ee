import type { FaceLibrary } from './faces.ts';
import type { RpcLink, RpcOutcome } from './rpc.ts';

// RPC handlers of access-control terminals: the door and the persons a face terminal lets through.

export async function onOpenDoor(p: Record<string, unknown>, link: RpcLink): Promise<RpcOutcome> {
  const { device } = link;
  const now = Date.now();
  const door = Number(p.door ?? 1);
  const holdMs = Number(p.holdMs ?? 5000);
  device.model.controls.doorOpenUntil = now + holdMs;
  device.sendTelemetry({ doorOpen: true });
  link.later(holdMs, () => device.sendTelemetry({ doorOpen: false }));
  return {
    result: { door, openedAt: new Date(now).toISOString(), closesAt: new Date(now + holdMs).toISOString() },
  };
}

// The protocol offers persons.* only to face terminals, and those always have a FaceLibrary.

export async function onPersonsAdd(p: Record<string, unknown>, { device }: RpcLink): Promise<RpcOutcome> {
  return { result: await device.faces!.add(p.persons as Parameters<FaceLibrary['add']>[0]) };
}

export async function onPersonsRemove(p: Record<string, unknown>, { device }: RpcLink): Promise<RpcOutcome> {
  return { result: device.faces!.remove(p.personIds as string[]) };
}

export async function onPersonsList(p: Record<string, unknown>, { device }: RpcLink): Promise<RpcOutcome> {
  return { result: device.faces!.page(p.offset as number | undefined, p.limit as number | undefined) };
}
