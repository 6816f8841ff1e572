import Dexie, { liveQuery, type EntityTable, type Subscription } from 'dexie';
import { CART_STORAGE_KEY, notifyCartChanged, subscribeToCartMirror } from './cart-count';
import { cartItemsOf, isStoredCartItem, type CartItem, type StoredCartItem } from './cart-item';
import {
  idsToRemove,
  isSameBill,
  nextId,
  problemAdding,
  type BillKey,
  type CartProblem,
} from './cart-rules';

/** A bill the cart refused; `code` is the error code to show (`errors.<code>`). */
export class CartError extends Error {
  override readonly name = 'CartError';

  constructor(readonly code: CartProblem) {
    super(code);
  }
}

export type CartDatabase = Dexie & { items: EntityTable<StoredCartItem, 'id'> };

/** The cart's IndexedDB: database `cartDB`, store `items`, key `++id`. */
export function openCartDatabase(): CartDatabase {
  const db = new Dexie('cartDB') as CartDatabase;
  db.version(1).stores({ items: '++id' });
  return db;
}

export interface CartStore {
  /** For `useSyncExternalStore`: called on every change, in this tab or another. */
  subscribe(onChange: () => void): () => void;
  /** The items, oldest first; the same array until something changes. */
  getSnapshot(): readonly StoredCartItem[];
  /** Adds a bill, or rejects with a CartError ('already_in_cart', 'cart_full'). */
  add(item: CartItem, limit: number): Promise<StoredCartItem>;
  /** Removes an item and, for a licence, the items linked to it; answers what went. */
  remove(id: number): Promise<StoredCartItem[]>;
  /**
   * Removes the items that are one of these bills, and nothing linked to them (bills just paid: a
   * charge paid with its licence is named too); answers what went.
   */
  removeBills(bills: readonly BillKey[]): Promise<StoredCartItem[]>;
  /** Settles once IndexedDB has been read, or found unavailable. */
  ready(): Promise<void>;
}

function byId(a: StoredCartItem, b: StoredCartItem): number {
  return a.id - b.id;
}

/**
 * The cart (docs/cart.md): IndexedDB through Dexie is the source of truth, mirrored to local
 * storage on every change so that the toolbar badge reads it at once on the next start, before
 * IndexedDB answers. Where IndexedDB is unavailable (some private modes) the mirror alone holds the
 * cart. Tabs share it: Dexie's liveQuery hears other tabs' writes, and `storage` events carry the
 * mirror's.
 */
export function createCartStore(openDatabase: () => CartDatabase = openCartDatabase): CartStore {
  let db: CartDatabase | undefined;
  /** IndexedDB's items once read; until then (or without IndexedDB) the mirror's. */
  let dbItems: StoredCartItem[] | undefined;
  let mirrorRaw: string | null | undefined;
  let mirrorItems: StoredCartItem[] = [];
  /** Stands in for the mirror when local storage is blocked too. */
  let memoryItems: StoredCartItem[] = [];
  let starting: Promise<void> | undefined;
  let live: Subscription | undefined;

  function readMirror(): StoredCartItem[] {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(CART_STORAGE_KEY);
    } catch {
      return memoryItems;
    }
    if (raw !== mirrorRaw) {
      mirrorRaw = raw;
      mirrorItems = cartItemsOf(raw);
    }
    return mirrorItems;
  }

  function writeMirror(items: StoredCartItem[]): void {
    memoryItems = items;
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // Storage full or blocked: IndexedDB (or memory) still holds the cart for this visit.
    }
    notifyCartChanged();
  }

  function applyDatabaseItems(items: CartItem[]): void {
    dbItems = items.filter(isStoredCartItem).sort(byId);
    writeMirror(dbItems);
  }

  async function refresh(database: CartDatabase): Promise<void> {
    applyDatabaseItems(await database.items.toArray());
  }

  function start(): Promise<void> {
    starting ??= (async () => {
      let database: CartDatabase;
      try {
        database = openDatabase();
        await database.open();
        await refresh(database);
      } catch {
        dbItems = undefined;
        return; // no usable IndexedDB: the mirror alone holds the cart
      }
      db = database;
      live = liveQuery(() => database.items.toArray()).subscribe({
        next: applyDatabaseItems,
        error: () => live?.unsubscribe(),
      });
      // Another tab wrote the mirror: read IndexedDB again, in case liveQuery did not hear of it
      // (no BroadcastChannel). Our own write of the same value fires no event there, so no echo.
      window.addEventListener('storage', (event) => {
        if (event.key === CART_STORAGE_KEY) void refresh(database).catch(() => {});
      });
    })();
    return starting;
  }

  function getSnapshot(): readonly StoredCartItem[] {
    return dbItems ?? readMirror();
  }

  async function add(item: CartItem, limit: number): Promise<StoredCartItem> {
    await start();
    // Dexie's ++id gives the key; one from elsewhere must not come along.
    const fields: CartItem = { ...item };
    delete fields.id;
    if (db) {
      const database = db;
      const id = await database.transaction('rw', database.items, async () => {
        const items = (await database.items.toArray()).filter(isStoredCartItem);
        const problem = problemAdding(items, fields, limit);
        if (problem) throw new CartError(problem);
        return database.items.add(fields);
      });
      await refresh(database);
      return { ...fields, id };
    }
    const items = [...readMirror()];
    const problem = problemAdding(items, fields, limit);
    if (problem) throw new CartError(problem);
    const stored = { ...fields, id: nextId(items) };
    writeMirror([...items, stored]);
    return stored;
  }

  /** Removes the items `choose` picks from the whole cart, in one transaction; answers what went. */
  async function removeWhere(
    choose: (items: readonly StoredCartItem[]) => number[],
  ): Promise<StoredCartItem[]> {
    await start();
    if (db) {
      const database = db;
      const removed = await database.transaction('rw', database.items, async () => {
        const items = (await database.items.toArray()).filter(isStoredCartItem);
        const ids = choose(items);
        await database.items.bulkDelete(ids);
        return items.filter((item) => ids.includes(item.id));
      });
      await refresh(database);
      return removed;
    }
    const items = readMirror();
    const ids = choose(items);
    if (ids.length > 0) writeMirror(items.filter((item) => !ids.includes(item.id)));
    return items.filter((item) => ids.includes(item.id));
  }

  function remove(id: number): Promise<StoredCartItem[]> {
    return removeWhere((items) => idsToRemove(items, id));
  }

  function removeBills(bills: readonly BillKey[]): Promise<StoredCartItem[]> {
    return removeWhere((items) =>
      items.filter((item) => bills.some((bill) => isSameBill(item, bill))).map((item) => item.id),
    );
  }

  return {
    subscribe(onChange) {
      void start();
      return subscribeToCartMirror(onChange);
    },
    getSnapshot,
    add,
    remove,
    removeBills,
    ready: start,
  };
}

let shared: CartStore | undefined;

/** The one cart of this tab, opened on first use. */
export function cartStore(): CartStore {
  shared ??= createCartStore();
  return shared;
}
