import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';
import { readBody } from '../lib/request.ts';
import { ApiError, validation } from '../lib/errors.ts';
import { parseAmount, randomId } from '../lib/wallet.ts';

/**
 * A sandbox double of the card provider's JS SDK (PayPal's `https://www.paypal.com/sdk/js`), the
 * development default `paymentSdkUrl` (the reference server's own `/config.json` names it). It
 * implements only what the client uses: `paypal.Buttons({createOrder, onApprove, onError,
 * onCancel}).render(el)` with `actions.order.create()` and `actions.order.capture()`. Its button
 * reads "Pay (sandbox)"; a click creates the order and captures it here, as the provider's checkout
 * would, then hands `{orderID}` to `onApprove`. While one checkout runs, more clicks do nothing (the
 * provider's window is already open). An amount whose cents are .13 is declined at capture
 * (INSTRUMENT_DECLINED): the path tests take for a card the provider refuses.
 *
 * The orders live in `card_orders` without an owner; `POST /wallet/recharge` gives them one.
 */
export const paypalSandboxRoutes = new Hono<Env>();

const SDK = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var src = new URL(script.src);
  var base = src.href.replace(/\/sdk\/js(\?.*)?$/, '');
  var clientId = src.searchParams.get('client-id');
  var currency = src.searchParams.get('currency') || 'USD';
  var namespace = script.getAttribute('data-namespace') || 'paypal';

  function call(path, body) {
    return fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PayPal-Client-Id': clientId },
      body: JSON.stringify(body || {}),
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (json) {
        if (res.ok) return json;
        var issue = json && json.details && json.details[0] && json.details[0].issue;
        var err = new Error(issue || json.name || ('HTTP ' + res.status));
        err.details = json.details;
        throw err;
      });
    });
  }

  function Buttons(options) {
    options = options || {};
    var container = null;
    var button = null;
    var orderId = null;
    var actions = {
      order: {
        create: function (order) {
          return call('/v2/checkout/orders', Object.assign({ intent: 'CAPTURE' }, order)).then(function (o) { orderId = o.id; return o.id; });
        },
        capture: function () {
          return call('/v2/checkout/orders/' + encodeURIComponent(orderId) + '/capture');
        },
      },
    };
    function fail(err) {
      if (typeof options.onError === 'function') options.onError(err);
      else setTimeout(function () { throw err; });
    }
    function checkout() {
      if (button.disabled) return;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      Promise.resolve()
        .then(function () { return options.createOrder ? options.createOrder({ paymentSource: 'card' }, actions) : actions.order.create({}); })
        .then(function (id) {
          orderId = id;
          if (!id) throw new Error('Expected an order id to be passed');
          return options.onApprove ? options.onApprove({ orderID: id, paymentSource: 'card' }, actions) : undefined;
        })
        .catch(fail)
        .then(function () {
          if (!button) return;
          button.disabled = false;
          button.removeAttribute('aria-busy');
        });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Pay (sandbox)';
        button.setAttribute('data-paypal-sandbox', currency);
        button.style.cssText = 'display:block;width:100%;min-height:44px;border:0;border-radius:6px;background:#ffc439;color:#111;font:600 16px/1.2 system-ui,sans-serif;cursor:pointer';
        button.addEventListener('click', checkout);
        container.appendChild(button);
        return Promise.resolve();
      },
      close: function () {
        if (button && button.parentNode) button.parentNode.removeChild(button);
        button = null;
        return Promise.resolve();
      },
    };
  }

  window[namespace] = { version: 'sandbox', Buttons: Buttons };
})();
`;

/** The script, as `<script src=".../sdk/js?client-id=...">` loads it; without a client id it throws, as the provider's does. */
paypalSandboxRoutes.get('/sandbox/paypal/sdk/js', (c) => {
  c.header('Content-Type', 'application/javascript; charset=utf-8');
  c.header('Cache-Control', 'no-cache');
  if (!c.req.query('client-id')) return c.body('throw new Error("SDK Validation error: \'Expected client-id to be passed\'");', 400);
  return c.body(SDK);
});

interface OrderRow { id: string; amount: number; status: string }

/** `POST /v2/checkout/orders` in PayPal's shape: `{intent, purchase_units: [{amount: {value, currency_code}}]}`. */
paypalSandboxRoutes.post('/sandbox/paypal/v2/checkout/orders', async (c) => {
  const app = c.get('app');
  const body = await readBody(c);
  const unit = Array.isArray(body.purchase_units) ? (body.purchase_units[0] as { amount?: { value?: unknown; currency_code?: unknown } } | undefined) : undefined;
  const raw = unit?.amount?.value;
  if (unit?.amount?.currency_code !== undefined && unit.amount.currency_code !== 'USD') {
    throw validation({ 'purchase_units[0].amount.currency_code': ['Only USD is accepted.'] });
  }
  const amount = parseAmount(typeof raw === 'string' ? raw : raw === undefined ? raw : String(raw), { field: 'amount', form: true });
  const id = `SBX-${randomId(12).toUpperCase()}`;
  app.db.prepare("INSERT INTO card_orders (id, user_id, amount, status, created_at) VALUES (?, NULL, ?, 'CREATED', ?)").run(id, amount, app.now());
  return c.json({ id, status: 'CREATED' }, 201);
});

paypalSandboxRoutes.post('/sandbox/paypal/v2/checkout/orders/:id/capture', (c) => {
  const app = c.get('app');
  const o = app.db.prepare('SELECT id, amount, status FROM card_orders WHERE id = ?').get(c.req.param('id')) as OrderRow | undefined;
  if (!o) throw new ApiError(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  const completed = () => c.json({ id: o.id, status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: o.amount.toFixed(2) } }] } }] }, 201);
  if (o.status === 'COMPLETED' || o.status === 'USED') return completed();
  if (o.status !== 'CREATED') throw new ApiError(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
  const declined = Math.round(o.amount * 100) % 100 === 13;
  app.db.prepare('UPDATE card_orders SET status = ? WHERE id = ?').run(declined ? 'DECLINED' : 'COMPLETED', o.id);
  if (declined) throw new ApiError(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
  return completed();
});
