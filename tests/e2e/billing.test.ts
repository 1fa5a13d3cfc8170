import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gone, launchBrowser, screenshots, visible } from './browser';
import { ROOT, startServer, type RunningServer } from './server';

/**
 * Money on the real server: the demo studio's owner tops up through the built-in sandbox checkout, sees the balance,
 * requests a VAT invoice for the deposit; the finance administrator issues it; the owner downloads the PDF and its
 * Chinese text comes out of it.
 */

let server: RunningServer;
let browser: Browser;
let page: Page;
let shot: (label: string) => Promise<void>;
let transactionId = '';

const popconfirmOk = (p: Page) => p.locator('.ant-popconfirm:visible .ant-btn-primary');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  shot = screenshots(page, 'billing');
  await page.goto(`${server.url}/login-authorize`);
  await page.getByLabel('邮箱').fill('demo@example.com');
  await page.getByLabel('密码').fill('lodestar-demo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/apps$/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('billing', () => {
  it('tops up 200.00 through the sandbox checkout and shows the new balance', async () => {
    await page.goto(`${server.url}/apps/bill`);
    await visible(page.getByTestId('balance-card'));
    expect((await page.getByTestId('balance-Balance').textContent())?.replace(/\s/g, '')).toContain('0.00');
    await page.getByTestId('top-up').click();
    await page.getByTestId('top-up-amount').fill('200');
    const checkoutOpens = page.context().waitForEvent('page');
    await page.getByTestId('top-up-pay').click();
    const checkout = await checkoutOpens;
    await visible(checkout.getByTestId('sandbox-checkout'));
    expect(await checkout.getByTestId('sandbox-amount').textContent()).toContain('200.00');
    await checkout.getByTestId('sandbox-pay').click();
    await checkout.waitForURL(/\/alipay\/callback/);
    await expect.poll(() => checkout.getByTestId('payment-result').getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
    await checkout.close();

    // The console learns of the payment by itself and shows the new balance.
    await visible(page.getByTestId('top-up-waiting').locator('.ant-result-success'));
    await shot('top-up-paid');
    await page.getByTestId('top-up-done').click();
    await gone(page.locator('.ant-modal-wrap'));
    await expect.poll(async () => (await page.getByTestId('balance-Balance').textContent())?.replace(/\s/g, ''), { timeout: 15_000 }).toContain('200.00');
    const link = page.locator('[data-testid^="request-invoice-"]').first();
    await visible(link);
    transactionId = ((await link.getAttribute('data-testid')) ?? '').replace('request-invoice-', '');
    await shot('balance');
  });

  it('requests a VAT invoice for the deposit', async () => {
    await page.locator(`[data-testid="request-invoice-${transactionId}"]`).click();
    await page.waitForURL(new RegExp(`/apps/bill/${transactionId}/invoice$`));
    await page.getByTestId('invoice-type').getByText('增值税专用发票').click();
    await page.getByTestId('invoice-title').fill('演示工作室有限公司');
    await page.getByTestId('invoice-tax-id').fill('91350100M000100Y43');
    await page.getByTestId('invoice-bank-name').fill('招商银行上海分行');
    await page.getByTestId('invoice-bank-account').fill('6225 8801 2345 6789');
    await page.getByTestId('invoice-address').fill('上海市浦东新区世纪大道 100 号');
    await page.getByTestId('invoice-phone').fill('021-5555 0100');
    await shot('invoice-request');
    await page.getByTestId('invoice-submit').click();
    await expect.poll(() => page.getByTestId('invoice-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('Pending');
  });

  it('lets the finance administrator issue it, and the owner downloads a PDF whose Chinese text reads back', async () => {
    const finance = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await finance.goto(`${server.url}/bc-admin/login`);
    await finance.getByLabel('邮箱').fill('finance@example.com');
    await finance.getByLabel('密码').fill('lodestar-finance');
    await finance.keyboard.press('Enter');
    await finance.waitForURL(new RegExp(`${server.url}/bc-admin$`));
    await finance.goto(`${server.url}/bc-admin/invoice/${transactionId}`);
    await finance.getByTestId('invoice-finish').click();
    await popconfirmOk(finance).click();
    await expect.poll(() => finance.getByTestId('invoice-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('Finished');
    await screenshots(finance, 'billing-finance')('invoice-issued');
    await finance.close();

    await page.reload();
    await expect.poll(() => page.getByTestId('invoice-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('Finished');
    await shot('invoice-finished');
    const href = await page.getByTestId('invoice-download').getAttribute('href');
    expect(href).toMatch(/^\/api\/invoices\/[^/]+\/document$/);
    const res = await page.request.get(`${server.url}${href}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const pdf = await res.body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const dir = join(ROOT, 'test-results', 'billing');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('增值税专用发票');
    expect(text).toContain('演示工作室有限公司');
    expect(text).toContain('贰佰元整');
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, join(dir, 'invoice')]);
  });
});
