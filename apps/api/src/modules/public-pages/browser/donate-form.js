// The donate form in a frame on an organization's own site (served by the platform, run in the frame).
// It tells the page around it how tall it is, checks the amount, opens the checkout and sends the
// donor to the payment provider's page in the whole window: the card is never typed into the frame.
(() => {
  const HEIGHT_MESSAGE = 'causeway:donate-form-height';
  const MIN_CENTS = 100;
  const MAX_CENTS = 10_000_000;

  /** The page around the frame sizes the frame to the form (the button script listens for this). */
  const postHeight = () => {
    if (window.parent === window) return;
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(postHeight).observe(document.documentElement);
  postHeight();

  const main = document.querySelector('.df');
  const form = document.querySelector('.df-form');
  if (!main || !form) return;
  const campaignId = main.dataset.campaignId;
  const pageUrl = main.dataset.pageUrl;
  // The page of the organization's site around the form (the server painted it only for a listed site).
  const returnUrl = main.dataset.returnUrl;
  const error = form.querySelector('.df-error');
  const button = form.querySelector('.df-donate');
  const other = form.elements.namedItem('other');
  const presets = [...form.querySelectorAll('input[name=preset]')];
  const label = button.textContent;

  // A typed amount stands instead of the presets; picking a preset clears it.
  other.addEventListener('input', () => {
    if (other.value.trim()) for (const preset of presets) preset.checked = false;
  });
  for (const preset of presets) preset.addEventListener('change', () => (other.value = ''));

  /** Dollars as typed (25, 25.5, $1,000) in cents, or null. */
  const centsOf = (text) => {
    const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.replace(/^\$/, '').replace(/,/g, '').trim());
    return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
  };

  const show = (message, link) => {
    error.textContent = message;
    if (link) {
      const anchor = document.createElement('a');
      anchor.href = pageUrl;
      anchor.target = '_blank';
      anchor.rel = 'noopener';
      anchor.textContent = link;
      error.append(' ', anchor);
    }
    error.hidden = !message;
  };

  // The proof-of-work bot check, as the campaign page solves it (shells/shared/bot-check/proof-of-work.ts):
  // the first counter whose SHA-256(challenge + counter) starts with `difficulty` zero bits.
  const leadingZeroBits = (bytes) => {
    let zeros = 0;
    for (const byte of bytes) {
      if (byte !== 0) return zeros + Math.clz32(byte) - 24;
      zeros += 8;
    }
    return zeros;
  };
  const encoder = new TextEncoder();
  const solveProofOfWork = async (challenge, difficulty) => {
    for (let counter = 0; ; counter++) {
      // Lets the frame paint between batches of hashing.
      if (counter % 2048 === 0 && counter > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}${counter}`));
      if (leadingZeroBits(new Uint8Array(digest)) >= difficulty) return `${challenge}:${counter}`;
    }
  };
  /** A solved bot check, or null where it is the hosted captcha (finished on the campaign's page). */
  const solvedBotCheck = async () => {
    const response = await fetch('/api/auth/bot-check', { credentials: 'same-origin' });
    const challenge = response.ok ? await response.json() : null;
    if (challenge?.kind !== 'proof-of-work') return null;
    return solveProofOfWork(challenge.challenge, Number(challenge.params.difficulty));
  };

  /** The payment page in the whole window (a frame may move its window after the donor's click). */
  const openPaymentPage = (url) => {
    if (window.top === window) return window.location.assign(url);
    try {
      window.top.location.href = url;
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    show('');
    const typed = other.value.trim();
    const chosen = presets.find((preset) => preset.checked);
    const amount = typed ? centsOf(typed) : chosen ? Number(chosen.value) : null;
    if (amount === null) return show('Enter an amount to give, like 25 or 25.50.');
    if (amount < MIN_CENTS) return show('The smallest gift is $1.');
    if (amount > MAX_CENTS) return show('Gifts online can be at most $100,000.');
    const frequency = form.querySelector('input[name=frequency]:checked')?.value ?? 'once';
    const donorName = form.elements.namedItem('donorName').value.trim();
    const message = form.elements.namedItem('message').value.trim();
    const body = {
      amount,
      ...(donorName ? { donorName } : {}),
      ...(message ? { message } : {}),
      ...(frequency === 'monthly' ? { frequency } : {}),
      ...(returnUrl ? { returnUrl } : {}),
      givenOn: 'donate_form',
    };
    button.disabled = true;
    button.textContent = 'Opening the payment page…';
    const checkout = async (extra) => {
      const response = await fetch(`/api/campaigns/${encodeURIComponent(campaignId)}/donations/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ ...body, ...extra }),
      });
      return { ok: response.ok, answer: await response.json().catch(() => null) };
    };
    try {
      let { ok, answer } = await checkout({});
      // After a declined card, or while the campaign sees a burst, the server asks for a bot check first.
      if (!ok && answer?.error?.fields?.botCheck) {
        button.textContent = 'Checking…';
        const botCheck = await solvedBotCheck();
        if (botCheck) ({ ok, answer } = await checkout({ botCheck }));
      }
      if (ok && answer?.url) return openPaymentPage(answer.url);
      const problem = answer?.error;
      if (problem?.fields?.botCheck) {
        show('Please finish your gift on the campaign’s page.', 'Give on the campaign’s page');
      } else {
        show(Object.values(problem?.fields ?? {})[0] ?? problem?.message ?? 'Something went wrong. Try again.');
      }
    } catch {
      show('The payment page could not be reached. Check your connection and try again.');
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  });
})();
