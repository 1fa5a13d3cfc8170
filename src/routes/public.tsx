import { lazy } from 'react';
import { SIGN_IN_PATH } from '../../providers/http';
import { ADMIN_SIGN_IN_PATH, FINANCE_SIGN_IN_PATH } from './guards';
import type { PageRoute } from './types';

const LoginCallbackPage = lazy(() => import('../pages/account/LoginCallbackPage'));
const DocPage = lazy(() => import('../pages/doc/DocPage'));

/**
 * The pages anyone may open without signing in. They load without the console (no Refine, no declarations), so
 * the sign-in page shows fast: a page here must not import `@refinedev/*` or the declarations, which
 * tests/unit/public-pages.test.ts checks.
 */
export const publicPages: PageRoute[] = [
  // Signing up, in and out.
  { path: SIGN_IN_PATH, Component: lazy(() => import('../pages/LoginPage')), hideFooter: true },
  { path: '/sign-up', Component: lazy(() => import('../pages/account/SignUpPage')), hideFooter: true },
  { path: '/reset-password', Component: lazy(() => import('../pages/account/ResetPasswordPage')), hideFooter: true },
  { path: '/login-callback', Component: LoginCallbackPage, hideFooter: true },
  { path: '/blue-cloud/login-callback', Component: LoginCallbackPage, hideFooter: true },
  { path: '/qq_conn/login-callback', Component: LoginCallbackPage, hideFooter: true },
  { path: '/qq_conn/:qqAuth', Component: lazy(() => import('../pages/account/QqConnectPage')), hideFooter: true },
  { path: '/logout', Component: lazy(() => import('../pages/account/LogoutPage')), hideFooter: true },
  { path: '/logout-callback', Component: lazy(() => import('../pages/account/LogoutCallbackPage')), hideFooter: true },
  { path: ADMIN_SIGN_IN_PATH, Component: lazy(() => import('../pages/account/AdminLoginPage')), hideFooter: true },
  // The site's contact and consultation pages.
  { path: '/contact-us', Component: lazy(() => import('../pages/site/ContactUsPage')) },
  { path: '/consultation', Component: lazy(() => import('../pages/site/ConsultationPage')) },
  { path: '/consultation-submit', Component: lazy(() => import('../pages/site/ConsultationSubmitPage')) },
  { path: '/consultation/:ticketId', Component: lazy(() => import('../pages/site/TicketPage')) },
  // The site: home, products and solutions, partners, showcase, price lists, policies (src/pages/site).
  { path: '/', Component: lazy(() => import('../pages/site/HomePage')) },
  { path: '/product/*', Component: lazy(() => import('../pages/site/ProductPage')) },
  { path: '/partner/:name', Component: lazy(() => import('../pages/site/PartnerPage')) },
  { path: '/showcase', Component: lazy(() => import('../pages/site/ShowcasePage')) },
  { path: '/passport', Component: lazy(() => import('../pages/site/AccountLandingPage')) },
  { path: '/wish', Component: lazy(() => import('../pages/site/WishPage')) },
  { path: '/video', Component: lazy(() => import('../pages/site/VideoPage')) },
  { path: '/article', Component: lazy(() => import('../pages/site/ArticlePage')) },
  { path: '/langyage', Component: lazy(() => import('../pages/site/ConsultationPage')) },
  { path: '/doc/bill/pricing', Component: lazy(() => import('../pages/site/PricingPage')) },
  { path: '/doc/bill/hk-pricing', Component: lazy(() => import('../pages/site/HkPricingPage')) },
  // The documentation (src/pages/doc): the overview, every section's pages, the API reference, search.
  { path: '/doc', Component: DocPage },
  { path: '/doc/*', Component: DocPage },
  { path: '/policy/libraries-agora', Component: lazy(() => import('../pages/site/LibrariesPage')) },
  { path: '/policy/:name', Component: lazy(() => import('../pages/site/PolicyPage')) },
  // Paying and the finance administrators' sign-in.
  { path: '/alipay/callback', Component: lazy(() => import('../pages/payments/AlipayCallbackPage')) },
  { path: '/payments/sandbox/:outTradeNo', Component: lazy(() => import('../pages/payments/SandboxCheckoutPage')), hideFooter: true },
  { path: FINANCE_SIGN_IN_PATH, Component: lazy(() => import('../pages/payments/FinanceLoginPage')), hideFooter: true },
];
