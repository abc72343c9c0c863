import { myGiftsLink } from '../contracts/donor-gifts.contract';
import { linkMail } from '../email/link-mail';
import type { OutgoingMail } from '../ports/mailer.port';
import { formatExpiry } from '../registration/invitation.mail';

export { myGiftsLink };

export interface GiftsLinkMailInput {
  to: string;
  link: string;
  expiresAt: string;
}

/** The e-mail the "Find my gifts" form sends: a plain-text body and the same words as simple HTML. */
export function giftsLinkMail(input: GiftsLinkMailInput): OutgoingMail {
  const subject = 'Your gifts on Causeway';
  const validity = `The link works once, until ${formatExpiry(input.expiresAt)}. It shows the gifts made with this e-mail address.`;
  return linkMail({
    to: input.to,
    subject,
    kind: 'giftsLink',
    greeting: 'Hello,',
    lead: 'Someone asked for a link to the gifts made with this e-mail address on Causeway.',
    linkCue: 'See them, with their receipts, here:',
    button: 'See your gifts',
    link: input.link,
    validity,
    ignore: 'If you did not ask for this, you can ignore this e-mail: nobody else can open the link.',
  });
}
