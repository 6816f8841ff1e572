import shell from './shell/ms.json' with { type: 'json' };
import forms from './forms/ms.json' with { type: 'json' };
import names from './names/ms.json' with { type: 'json' };
import search from './search/ms.json' with { type: 'json' };
import cart from './cart/ms.json' with { type: 'json' };
import checkout from './checkout/ms.json' with { type: 'json' };
import payments from './payments/ms.json' with { type: 'json' };
import receipts from './receipts/ms.json' with { type: 'json' };
import accounts from './accounts/ms.json' with { type: 'json' };
import history from './history/ms.json' with { type: 'json' };
import licences from './licences/ms.json' with { type: 'json' };
import myAccounts from './my-accounts/ms.json' with { type: 'json' };
import content from './content/ms.json' with { type: 'json' };

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
