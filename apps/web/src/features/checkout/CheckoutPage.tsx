import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ScreenHeading } from '../../components/PageHeading';
import { buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { CartIcon, SearchIcon } from '../../components/ui/icons';
import { cartTotal, useCartItems } from '../cart';
import { paths } from '@portal/domain/web-paths';
import { Notice } from '../../components/ui/Notice';
import { CheckoutSummary } from './CheckoutSummary';
import { openPaymentQueryKey, useOpenPayment } from './open-payment';
import { OpenPaymentPanel } from './OpenPaymentPanel';
import { PayerForm, type CheckoutProblem } from './PayerForm';
import layout from '../../components/PageLayout.module.css';
import styles from './CheckoutPage.module.css';

/**
 * `/checkout` (docs/screens.md): the cart once more and who pays, then off to the gateway's card
 * page. The server prices every bill again; a bill it refuses is marked here. A payer who left a
 * payment open at the gateway is first offered to continue or cancel it.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const items = useCartItems();
  const [problem, setProblem] = useState<CheckoutProblem>();
  const open = useOpenPayment();
  const [cancelled, setCancelled] = useState(false);
  const queryClient = useQueryClient();
  // Back from the gateway's page, the browser may show this page from its cache, as it was left:
  // the payment it was leaving for is now open, so ask again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries({ queryKey: openPaymentQueryKey });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [queryClient]);
  // Until it is known whether a payment was left open, neither the form nor the offer shows.
  const openPayment = open.isPending ? undefined : (open.data ?? null);
  // A payment waiting for the bank's approval, which may take hours, holds only its own bills: the
  // payer may pay others meanwhile. One left at the gateway's page is finished or cancelled first.
  const formShown =
    openPayment === null || (openPayment?.receipt.status === 'pending' && items.length > 0);

  return (
    <Container className={layout.page}>
      <ScreenHeading page="checkout" />

      {items.length === 0 && !openPayment ? (
        <section className={styles.empty} aria-labelledby="checkout-empty-title">
          <span className={styles.emptyIcon}>
            <CartIcon size={28} />
          </span>
          <h2 id="checkout-empty-title" className={styles.cardTitle}>
            {t('errors.no_account_selected')}
          </h2>
          <p>{t('checkout.emptyText')}</p>
          <Link to={paths.search} className={buttonClassName()}>
            <SearchIcon />
            {t('cart.searchLink')}
          </Link>
        </section>
      ) : (
        <div className={`${layout.body} ${styles.layout}`}>
          {/* First on a phone: what the payer left open comes before anything else. */}
          {openPayment ? (
            <OpenPaymentPanel payment={openPayment} onCancelled={() => setCancelled(true)} />
          ) : null}
          <CheckoutSummary items={items} flagged={problem?.items ?? []} />
          {formShown ? (
            <div className={styles.formColumn}>
              {cancelled ? (
                <Notice live>
                  <p>{t('checkout.open.cancelled')}</p>
                </Notice>
              ) : null}
              <PayerForm
                items={items}
                total={cartTotal(items)}
                problem={problem}
                onProblem={setProblem}
              />
            </div>
          ) : null}
        </div>
      )}
    </Container>
  );
}
