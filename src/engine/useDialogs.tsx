import { Suspense, useState, type ReactNode } from 'react';
import { preloadable, preloadWhenIdle } from '../lib/preloadable';
import { useOpenedOnce } from '../lib/useOpenedOnce';
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
export const preloadDialogs = (): void => preloadWhenIdle(UploadDialog.preload, FileCommandDialog.preload, AnswerDialog.preload);

/** A dialog drawn from the first time it is asked for on (`useOpenedOnce`), its code loaded then if not before. */
const once = (opened: boolean, dialog: ReactNode) => opened && <Suspense fallback={null}>{dialog}</Suspense>;

/**
 * The dialogs a declared resource's calls may need: fields asked before a call, a file to import, a file to send
 * as a call's body, and what a reading call answered. The hook holds which one is open; `element` renders them (once, beside the screen).
 */
export function useDialogs(appId: string, serviceName: string) {
  const [fields, setFields] = useState<FieldsRequest>();
  const [upload, setUpload] = useState<UploadRequest & { onImported?: () => void }>();
  const [answer, setAnswer] = useState<AnswerRequest>();
  const [file, setFile] = useState<FileRequest>();
  const opened = { fields: useOpenedOnce(!!fields), upload: useOpenedOnce(!!upload), file: useOpenedOnce(!!file), answer: useOpenedOnce(!!answer) };

  const element = (
    <>
      {once(opened.fields, <FieldsDialog request={fields} appId={appId} serviceName={serviceName} onClose={() => setFields(undefined)} />)}
      {once(
        opened.upload,
        <UploadDialog
          request={upload}
          onClose={(imported) => {
            if (imported) upload?.onImported?.();
            setUpload(undefined);
          }}
        />,
      )}
      {once(opened.file, <FileCommandDialog request={file} appId={appId} serviceName={serviceName} onClose={() => setFile(undefined)} />)}
      {once(opened.answer, <AnswerDialog request={answer} onClose={() => setAnswer(undefined)} />)}
    </>
  );

  return { askFields: setFields, askUpload: setUpload, askFile: setFile, showAnswer: setAnswer, element };
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
