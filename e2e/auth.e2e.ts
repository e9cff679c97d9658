import { SignJWT } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerViaApi, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

const JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-signing';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    // On the embedded database even where the machine has PostgreSQL: what `npm start` runs on.
    startServer({ JWT_SECRET }, { database: 'pglite' }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tokens = (page: Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
  }));

test('register → dashboard → logout → login', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  const email = uniqueEmail('flow');
  await page.goto('/');
  await page.getByRole('link', { name: 'Start for free' }).first().click();
  await page.waitForURL('**/register');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm password', { exact: true }).fill('weak');
  await page.getByLabel(/first name/i).fill('Asha');
  await page.getByLabel(/last name/i).fill('Rao');
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await page.getByText('Password must be 6 or more characters long').waitFor();
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('Home / DASHBOARD').waitFor();
  expect((await tokens(page)).access).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText('Logout Successfull').waitFor();
  expect(await tokens(page)).toEqual({ access: null, refresh: null });

  await page.goto('/login');
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('Login Successful!').waitFor();
  expect(errors).toEqual([]);
  await close();
});

test('a wrong password shows the server message and keeps the user on /login', async () => {
  const { email } = await registerViaApi(server.baseURL);
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong#pass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Incorrect email or password.').waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await close();
});

test('an unknown email on login goes to /register with the email kept', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  const email = uniqueEmail('stranger');
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Anything#1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/register');
  await page.getByText('You are not registered. Please create your account!').waitFor();
  expect(await page.getByLabel(/email/i).inputValue()).toBe(email);
  await close();
});

test('the guard sends a visitor without a token to /login', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  for (const path of ['/dashboard', '/session-info', '/agents']) {
    await page.goto(path);
    await page.waitForURL('**/login');
  }
  await close();
});

test('an expired access token is refreshed without the user noticing', async () => {
  const account = await registerViaApi(server.baseURL);
  const claims = JSON.parse(Buffer.from(account.access_token.split('.')[1] ?? '', 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(JWT_SECRET));
  const rejected = await fetch(`${server.baseURL}/users/authcheck/`, {
    headers: { authorization: `Bearer ${expired}` },
  });
  expect(rejected.status).toBe(401);

  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [expired, account.refresh_token],
  );
  await page.goto('/dashboard');
  await page.getByText('Home / DASHBOARD').waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  const stored = await tokens(page);
  expect(stored.access).not.toBe(expired);
  expect(stored.refresh).not.toBe(account.refresh_token); // rotated
  expect(errors).toEqual([]);
  await close();
});

test('a refresh token that no longer works clears both tokens and lands on /login', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'not-a-jwt');
    localStorage.setItem('refreshToken', 'not-a-refresh-token');
  });
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
  expect(await tokens(page)).toEqual({ access: null, refresh: null });
  await close();
});

test('the app drawer works at 375 px', async () => {
  const account = await registerViaApi(server.baseURL);
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await page.goto('/');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [account.access_token, account.refresh_token],
  );
  await page.goto('/dashboard');
  await page.getByText('Home / DASHBOARD').waitFor();
  await page.getByRole('button', { name: /menu/i }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Agents' }).click();
  await page.waitForURL('**/agents');
  await page.getByText('Home / AGENTS').waitFor();
  expect(errors).toEqual([]);
  await close();
});
