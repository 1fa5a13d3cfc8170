import { useState } from 'react';
import { AnswerDialog, type AnswerRequest } from './AnswerDialog';
import { FieldsDialog, type FieldsRequest } from './FieldsDialog';
import { FileCommandDialog, type FileRequest } from './FileCommandDialog';
import { UploadDialog, type UploadRequest } from './UploadDialog';

/**
 * The dialogs a declared resource's calls may need: fields asked before a call, a file to import, a file to send
 * as a call's body, and what a reading call answered. The hook holds which one is open; `element` renders them (once, beside the screen).
 */
export function useDialogs(appId: string, serviceName: string) {
  const [fields, setFields] = useState<FieldsRequest>();
  const [upload, setUpload] = useState<UploadRequest & { onImported?: () => void }>();
  const [answer, setAnswer] = useState<AnswerRequest>();
  const [file, setFile] = useState<FileRequest>();

  const element = (
    <>
      <FieldsDialog request={fields} appId={appId} serviceName={serviceName} onClose={() => setFields(undefined)} />
      <UploadDialog
        request={upload}
        onClose={(imported) => {
          if (imported) upload?.onImported?.();
          setUpload(undefined);
        }}
      />
      <FileCommandDialog request={file} appId={appId} serviceName={serviceName} onClose={() => setFile(undefined)} />
      <AnswerDialog request={answer} onClose={() => setAnswer(undefined)} />
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
