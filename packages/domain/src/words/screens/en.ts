import shell from './shell/en.json' with { type: 'json' };
import forms from './forms/en.json' with { type: 'json' };
import names from './names/en.json' with { type: 'json' };
import search from './search/en.json' with { type: 'json' };
import cart from './cart/en.json' with { type: 'json' };
import checkout from './checkout/en.json' with { type: 'json' };
import payments from './payments/en.json' with { type: 'json' };
import receipts from './receipts/en.json' with { type: 'json' };
import accounts from './accounts/en.json' with { type: 'json' };
import history from './history/en.json' with { type: 'json' };
import licences from './licences/en.json' with { type: 'json' };
import myAccounts from './my-accounts/en.json' with { type: 'json' };
import content from './content/en.json' with { type: 'json' };

/** Each part of the words, as the web app fetches it (docs/words.md). */
export const parts = {
  shell,
  forms,
  names,
  search,
  cart,
  checkout,
  payments,
  receipts,
  accounts,
  history,
  licences,
  myAccounts,
  content,
};

/** The whole catalogue of one language, joined from its parts. */
export default {
  ...shell,
  ...forms,
  ...names,
  ...search,
  ...cart,
  ...checkout,
  ...payments,
  ...receipts,
  ...accounts,
  ...history,
  ...licences,
  ...myAccounts,
  ...content,
};
