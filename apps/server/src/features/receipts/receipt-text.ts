import type { Language } from '@portal/domain/languages';
import type { PaymentStatus } from '@portal/domain/payment-status';
import type { PaymentType } from '@portal/domain/payment-types';

/**
 * Names both the PDF and the e-mail print. The e-mail speaks the payer's language; the PDF prints
 * Malay and English side by side, because its standard fonts have no Chinese glyphs. The words
 * follow the web app's locale files (apps/web/src/locales).
 */

export const paymentTypeNames: Record<Language, Record<PaymentType, string>> = {
  ms: {
    assessment: 'Cukai taksiran',
    license: 'Lesen dan permit',
    compound: 'Kompaun',
    ticket: 'Tiket letak kereta',
    market: 'Gerai pasar',
    booking: 'Tempahan dewan',
    engineer: 'Pelan kejuruteraan',
    local_government_charge: 'Caj kerajaan tempatan',
  },
  en: {
    assessment: 'Assessment tax',
    license: 'Licence and permit',
    compound: 'Compound',
    ticket: 'Parking ticket',
    market: 'Market stall',
    booking: 'Hall booking',
    engineer: 'Engineering plan',
    local_government_charge: 'Local government charge',
  },
  zh: {
    assessment: '门牌税',
    license: '执照与准证',
    compound: '罚款通知（Compound）',
    ticket: '停车罚单',
    market: '巴刹摊位',
    booking: '礼堂预订',
    engineer: '工程图则',
    local_government_charge: '地方政府收费',
  },
};

export const paymentStatusNames: Record<Language, Record<PaymentStatus, string>> = {
  ms: {
    created: 'Menunggu pembayaran',
    in_progress: 'Dalam proses',
    successful: 'Berjaya',
    failed: 'Gagal',
    cancelled: 'Dibatalkan',
    expired: 'Tamat tempoh',
    refund_due: 'Menunggu bayaran balik',
  },
  en: {
    created: 'Awaiting payment',
    in_progress: 'In progress',
    successful: 'Successful',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expired: 'Expired',
    refund_due: 'Refund due',
  },
  zh: {
    created: '待付款',
    in_progress: '处理中',
    successful: '成功',
    failed: '失败',
    cancelled: '已取消',
    expired: '已过期',
    refund_due: '待退款',
  },
};
