import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { preloadable } from '../lib/preloadable';
import type { AnswerRequest } from './AnswerDialog';
import { FieldsDialog, type FieldsRequest } from './FieldsDialog';
import type { FileRequest } from './FileCommandDialog';
import type { UploadRequest } from './UploadDialog';

// A list's first screen opens none of these: their code (the import report, a file's upload, an answer's details)
// loads with the first call that needs one, or ahead once the list's first page is in (`preloadDialogs`).
const UploadDialog = preloadable(() => import('./UploadDialog').then((m) => ({ default: m.UploadDialog })));
const FileCommandDialog = preloadable(() => import('./FileCommandDialog').then((m) => ({ default: m.FileCommandDialog })));
const AnswerDialog = preloadable(() => import('./AnswerDialog').then((m) => ({ default: m.AnswerDialog })));

/** Loads the dialogs' code once the browser is idle, before a call asks for one. */
export function preloadDialogs(): void {
  const load = () => [UploadDialog, FileCommandDialog, AnswerDialog].forEach((dialog) => void dialog.preload().catch(() => undefined));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

/** Which dialogs were asked for at least once. */
type Asked = { fields?: true; upload?: true; answer?: true; file?: true };

/** A dialog rendered from the first time it is asked for on (then kept, so it closes as it opened): a screen's first
 * render draws none of them. */
const once = (asked: boolean, dialog: ReactNode) => asked && <Suspense fallback={null}>{dialog}</Suspense>;

/**
 * The dialogs a declared resource's calls may need: fields asked before a call, a file to import, a file to send
 * as a call's body, and what a reading call answered. The hook holds which one is open; `element` renders them (once, beside the screen).
 */
export function useDialogs(appId: string, serviceName: string) {
  const [fields, setFields] = useState<FieldsRequest>();
  const [upload, setUpload] = useState<UploadRequest & { onImported?: () => void }>();
  const [answer, setAnswer] = useState<AnswerRequest>();
  const [file, setFile] = useState<FileRequest>();
  const [asked, setAsked] = useState<Asked>({});
  // Asking for a dialog notes that it was asked for; the functions keep their identity, as state setters do.
  const asks = useMemo(() => {
    const ask =
      <T,>(set: (request: T | undefined) => void, which: keyof Asked) =>
      (request: T | undefined) => {
        if (request) setAsked((known) => (known[which] ? known : { ...known, [which]: true }));
        set(request);
      };
    return { askFields: ask(setFields, 'fields'), askUpload: ask(setUpload, 'upload'), askFile: ask(setFile, 'file'), showAnswer: ask(setAnswer, 'answer') };
  }, []);

  const element = (
    <>
      {once(!!asked.fields, <FieldsDialog request={fields} appId={appId} serviceName={serviceName} onClose={() => setFields(undefined)} />)}
      {once(
        !!asked.upload,
        <UploadDialog
          request={upload}
          onClose={(imported) => {
            if (imported) upload?.onImported?.();
            setUpload(undefined);
          }}
        />,
      )}
      {once(!!asked.file, <FileCommandDialog request={file} appId={appId} serviceName={serviceName} onClose={() => setFile(undefined)} />)}
      {once(!!asked.answer, <AnswerDialog request={answer} onClose={() => setAnswer(undefined)} />)}
    </>
  );

  return { ...asks, element };
}

export type Dialogs = ReturnType<typeof useDialogs>;

/** Saves a received file under its name (the browser's download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
