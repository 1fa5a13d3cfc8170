/**
 * How the console makes a declared call whose body is a file (`CallDecl.upload`) from a page's upload button
 * (`UploadButtonDecl`): the call's address with the app's id in its `appParam`, the picked file's name in the query,
 * and what the file picker offers. Read by the console and its tests; the server mounts the call itself.
 */
import { callUrl, type CallDecl } from './call-types';
import { filePicker, fillCommandPath } from './command-call';
import type { ServiceDecl, UploadButtonDecl } from './types';

/** The declared call a button sends its file to, or why it cannot (for the declarations' test). */
export function uploadButtonCall(service: ServiceDecl, button: UploadButtonDecl): CallDecl & { upload: NonNullable<CallDecl['upload']> } {
  const call = service.calls?.[button.call];
  const where = `${service.name}: upload button '${button.call}'`;
  if (!call?.upload) throw new Error(`${where} names no declared call with an upload body`);
  // The console names the app in the call's path, or by the app's credential alone for a call the game's servers make.
  if (!call.appParam && call.caller !== 'service') throw new Error(`${where}: the call names neither an appParam nor a service caller, so the console cannot address it`);
  if (button.fileNameParam && !(button.fileNameParam in ((call.query?.properties ?? {}) as Record<string, unknown>))) {
    throw new Error(`${where}: its query has no '${button.fileNameParam}'`);
  }
  if (button.opens && !service.resources.some((r) => r.name === button.opens)) throw new Error(`${where} opens an undeclared resource '${button.opens}'`);
  return call as CallDecl & { upload: NonNullable<CallDecl['upload']> };
}

/** The request that sends `fileName`'s bytes for the app, and the picker's `accept`. */
export function uploadRequest(service: ServiceDecl, button: UploadButtonDecl, appId: string, fileName: string) {
  const call = uploadButtonCall(service, button);
  const { path } = fillCommandPath(callUrl(service.base, call), call.appParam ? { [call.appParam]: appId } : {});
  const query = button.fileNameParam ? { [button.fileNameParam]: fileName } : {};
  return { method: call.method as 'POST' | 'PUT', url: path, query, ...filePicker(call.upload) };
}
