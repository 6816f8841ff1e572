import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/Container';
import { CardIcon, LockIcon, ReceiptIcon, SearchIcon } from '../../components/ui/icons';
import { CouncilPicker } from './CouncilPicker';
import styles from './HomePage.module.css';

// The home page shows three steps: search account, checkout payment, get status.
const steps = [
  { key: 'search', Icon: SearchIcon },
  { key: 'checkout', Icon: CardIcon },
  { key: 'status', Icon: ReceiptIcon },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <Container className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('app.subtitle')}</p>
            <h1 id="home-title" className={styles.heroTitle}>
              {t('app.title')}
            </h1>
            <p className={styles.intro}>{t('home.intro')}</p>
            <p className={styles.secure}>
              <LockIcon size={18} />
              <span>{t('home.secureNote')}</span>
            </p>
          </div>
          <CouncilPicker />
        </Container>
      </section>

      <Container>
        <section className={styles.steps} aria-labelledby="steps-title">
          <h2 id="steps-title" className={styles.stepsTitle}>
            {t('home.stepsHeading')}
          </h2>
          <ol className={styles.stepList}>
            {steps.map(({ key, Icon }, index) => (
              <li key={key} className={styles.step}>
                <span className={styles.stepIcon}>
                  <Icon size={26} />
                </span>
                <p className={styles.stepNumber}>{t('home.stepLabel', { number: index + 1 })}</p>
                <h3 className={styles.stepTitle}>{t(`home.steps.${key}.title`)}</h3>
                <p className={styles.stepText}>{t(`home.steps.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>
      </Container>
    </>
  );
}
