import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { buttonClassName } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { CartIcon, SearchIcon } from '../../components/ui/icons';
import { cartTotal } from '../../lib/cart/cart-rules';
import { useCartItems } from '../../lib/cart/use-cart';
import { paths } from '../../lib/paths';
import { CheckoutSummary } from './CheckoutSummary';
import { PayerForm, type CheckoutProblem } from './PayerForm';
import layout from '../../components/PageLayout.module.css';
import styles from './CheckoutPage.module.css';

/**
 * `/checkout` (spec section 2): the cart once more, who pays and with which card brand, then off to
 * the gateway's card page. The server prices every bill again; a bill it refuses is marked here.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const items = useCartItems();
  const [problem, setProblem] = useState<CheckoutProblem>();

  return (
    <Container className={layout.page}>
      <PageHeading title={t('pages.checkout')} intro={t('checkout.intro')} />

      {items.length === 0 ? (
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
          <CheckoutSummary items={items} flagged={problem?.items ?? []} />
          <PayerForm
            items={items}
            total={cartTotal(items)}
            problem={problem}
            onProblem={setProblem}
          />
        </div>
      )}
    </Container>
  );
}
