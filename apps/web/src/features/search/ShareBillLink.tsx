import type { FoundBill } from '@portal/domain/contracts/search';
import { billPath } from '@portal/domain/web-paths';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { Button } from '../../components/ui/Button';

/**
 * Copies a link that opens this bill found and ready to add (docs/search.md), for sending to
 * whoever pays it or for a council's paper bill: its council, type and number, never its owner.
 */
export function ShareBillLink({ bill }: { bill: FoundBill }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const link = `${window.location.origin}/#${billPath(bill)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      snackbar.show({ message: t('search.linkCopied'), tone: 'success' });
    } catch {
      // No clipboard (an old browser, or permission refused): the link itself, to copy by hand.
      snackbar.show({ message: t('search.linkToCopy', { link }), tone: 'info' });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      {t('search.shareLink')}
    </Button>
  );
}
