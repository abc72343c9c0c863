// The script a nonprofit pastes into its own site: a "Donate" button that opens the campaign's donate
// form over the page, in a frame that takes the form's height. Served by the platform; only messages
// from the platform's own frame are listened to. The form is told the page it is on (`return`), so
// that the donor comes back here after giving (the platform takes it only for a site the organization lists).
//   <script src="https://PLATFORM/embed/donate-button.js" data-campaign="CAMPAIGN_ID" async></script>
(() => {
  const script = document.currentScript;
  if (!script || !script.dataset.campaign) return;
  const platform = new URL(script.src).origin;
  const campaignId = script.dataset.campaign;
  const RETURN_MAX_LENGTH = 2000;
  /** The form, told the page it opens over as it is at the click (a one-page site may have moved), without its fragment. */
  const formUrl = () => {
    const here = location.href.split('#')[0];
    const form = `${platform}/campaign/${encodeURIComponent(campaignId)}/donate-form`;
    return /^https?:/.test(here) && here.length <= RETURN_MAX_LENGTH
      ? `${form}?return=${encodeURIComponent(here)}`
      : form;
  };
  const HEIGHT_MESSAGE = 'causeway:donate-form-height';

  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = script.dataset.label || 'Donate';
  button.setAttribute('data-causeway-donate', campaignId);
  button.style.cssText =
    'padding:10px 22px;border:0;border-radius:8px;background:#0f766e;color:#fff;' +
    'font:600 16px/1.2 system-ui,sans-serif;cursor:pointer';
  script.after(button);

  let open = null;

  const close = () => {
    if (!open) return;
    window.removeEventListener('message', open.onMessage);
    document.removeEventListener('keydown', open.onKey);
    open.overlay.remove();
    open = null;
    button.focus();
  };

  button.addEventListener('click', () => {
    if (open) return;
    const overlay = document.createElement('div');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.55);display:flex;' +
      'align-items:flex-start;justify-content:center;overflow:auto;padding:24px 12px';
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Donate');
    dialog.style.cssText =
      'position:relative;width:100%;max-width:460px;background:#fff;border-radius:12px;' +
      'box-shadow:0 20px 50px rgba(0,0,0,.3);overflow:hidden';
    const shut = document.createElement('button');
    shut.type = 'button';
    shut.textContent = '×';
    shut.setAttribute('aria-label', 'Close');
    shut.style.cssText =
      'position:absolute;top:6px;right:8px;z-index:1;width:32px;height:32px;border:0;border-radius:16px;' +
      'background:#f1f5f9;color:#0f172a;font:20px/32px system-ui,sans-serif;cursor:pointer';
    const frame = document.createElement('iframe');
    frame.src = formUrl();
    frame.title = 'Donate';
    frame.style.cssText = 'display:block;width:100%;height:560px;border:0';
    dialog.append(shut, frame);
    overlay.append(dialog);
    document.body.append(overlay);

    const onMessage = (event) => {
      // Only the platform's own frame sizes it; any other window's messages are ignored.
      if (event.origin !== platform || event.source !== frame.contentWindow) return;
      const data = event.data;
      if (!data || data.type !== HEIGHT_MESSAGE || typeof data.height !== 'number') return;
      frame.style.height = `${Math.max(200, Math.min(Math.ceil(data.height), 4000))}px`;
    };
    const onKey = (event) => {
      if (event.key === 'Escape') close();
    };
    overlay.addEventListener('click', (event) => {
      if (event.target === overlay) close();
    });
    shut.addEventListener('click', close);
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    open = { overlay, onMessage, onKey };
    shut.focus();
  });
})();
