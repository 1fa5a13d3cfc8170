import { describe, expect, it, vi } from 'vitest';

// The console's language setup touches the page's root element: give it the one element it needs.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { services } from '../../resources';
import { safe } from '../../resources/safe';
import { uploadButtonCall, uploadRequest } from '../../resources/upload-call';
import type { ServiceDecl, UploadButtonDecl } from '../../resources/types';
import { i18n } from '../../providers/i18n';
import { consoleMessages } from '../../resources/messages/console';
import { addServerMessages } from '../../resources/messages/lookup';
import { fileRefusal } from '../../src/engine/sendFile';

/** A page's upload buttons (`PageViewDecl.uploads`): sent to a declared call whose body is a file, as that call says. */
const buttons = services.flatMap((service) => (service.pages ?? []).flatMap((page) => (page.view?.uploads ?? []).map((button) => ({ service, page, button }))));
const protect = buttons.find((b) => b.service === safe)!.button;
// The console's server messages, as the console adds them when it loads.
addServerMessages(consoleMessages);

describe('upload buttons', () => {
  it('each names a declared call with an upload body and the app in its path, and opens a record that has a page', () => {
    expect(buttons.length).toBeGreaterThan(0);
    for (const { service, button } of buttons) {
      expect(() => uploadButtonCall(service, button)).not.toThrow();
      if (button.opens) expect(service.resources.find((r) => r.name === button.opens)?.routes?.show, `${service.name}: ${button.opens}`).toBeTruthy();
    }
  });

  it('refuses a button whose call takes no file or cannot be addressed for the app', () => {
    const without = (call: Partial<NonNullable<ServiceDecl['calls']>[string]>): ServiceDecl => ({ ...safe, calls: { ...safe.calls, protect: { ...safe.calls!.protect, ...call } } });
    expect(() => uploadButtonCall(without({ upload: undefined }), protect)).toThrow(/no declared call with an upload body/);
    expect(() => uploadButtonCall(without({ appParam: undefined, caller: 'player' }), protect)).toThrow(/appParam/);
    // A call the game's servers make is addressed by the app's credential alone.
    expect(uploadRequest(without({ appParam: undefined, caller: 'service', path: '/packages' }), protect, 'app 1', 'game.apk').url).toBe(`${safe.base}/packages`);
    const unknown: UploadButtonDecl = { ...protect, fileNameParam: 'name' };
    expect(() => uploadButtonCall(safe, unknown)).toThrow(/no 'name'/);
  });

  it("Safe's sends the package to protect for the app, its file name in the query, the picker offering packages", () => {
    const request = uploadRequest(safe, protect, 'app 1', 'game 1.2.apk');
    expect(request).toMatchObject({ method: 'POST', url: `${safe.base}/safe/app%201/protect`, query: { fileName: 'game 1.2.apk' } });
    expect(request.extensions).toEqual(['.apk', '.aab', '.hap']);
    expect(request.accept.split(',')).toContain('application/vnd.android.package-archive');
  });

  it("a refusal reads in the console's language: the field's problem first, else the message", () => {
    void i18n.changeLanguage('zh-CN');
    const body = JSON.stringify({ message: 'invalid parameters', details: [{ field: 'body', message: 'not an installation package' }] });
    expect(fileRefusal(400, body).message).toBe('文件不是安装包（支持 APK、AAB 和 HAP）');
    expect(fileRefusal(413, JSON.stringify({ message: 'the package is compressed beyond the allowed ratio' })).message).toContain('压缩炸弹');
    expect(fileRefusal(502, 'Bad Gateway').message).toBe('服务器内部错误');
    void i18n.changeLanguage('en');
    expect(fileRefusal(400, body).message).toBe('The file is not an installation package (APK, AAB or HAP)');
  });

  it('a refusal keeps its status and the details that name fields, for the dialog to put them on its form', () => {
    const refused = fileRefusal(400, JSON.stringify({ message: 'invalid parameters', details: [{ field: '/startCommand', message: 'x' }] }));
    expect([refused.statusCode, refused.details]).toEqual([400, [{ field: '/startCommand', message: 'x' }]]);
    expect(fileRefusal(0, '').details).toEqual([]);
  });
});
