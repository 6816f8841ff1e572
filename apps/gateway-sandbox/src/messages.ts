import type { Language } from '@portal/domain/languages';

/**
 * Every text of the sandbox's pages, in Malay (the default), English and Chinese. Validators return
 * the keys, pages look the words up here. The gateway's own protocol texts (ErrDesc,
 * entry errors) stay in English, as the real gateway sends them.
 */
const ms = {
  gatewayName: 'Gerbang Kad Sandbox',
  sandboxNotice: 'Persekitaran ujian: tiada wang sebenar dicaj.',
  orderSummary: 'Ringkasan pembayaran',
  merchant: 'Peniaga',
  reference: 'No. rujukan',
  description: 'Perihal',
  amount: 'Jumlah',
  cardDetails: 'Butiran kad',
  cardNumber: 'Nombor kad',
  cardName: 'Nama pada kad',
  expiry: 'Tarikh luput',
  expiryMonth: 'Bulan luput',
  expiryYear: 'Tahun luput',
  month: 'Bulan',
  year: 'Tahun',
  bank: 'Bank pengeluar',
  choose: 'Sila pilih',
  cvv: 'CVV',
  cvvHint: '3 atau 4 digit di belakang kad.',
  pay: 'Bayar',
  cancel: 'Batal',
  errorSummary: 'Sila betulkan maklumat berikut:',
  cardNumberInvalid: 'Masukkan nombor kad yang sah.',
  cardNameRequired: 'Masukkan nama seperti yang tertera pada kad.',
  expiryRequired: 'Pilih bulan dan tahun luput.',
  cardExpired: 'Kad ini telah luput.',
  bankRequired: 'Pilih bank pengeluar kad.',
  cvvInvalid: 'Masukkan CVV 3 atau 4 digit.',
  testCards: 'Kad ujian',
  result: 'Keputusan',
  testCardsHint: 'Gunakan mana-mana nama, tarikh luput akan datang dan CVV.',
  testCardApproved: 'Diluluskan',
  testCardDeclined: 'Ditolak',
  testCardInsufficientFunds: 'Baki tidak mencukupi',
  testCardApprovedAfterCallback:
    'Diluluskan; pelayar kembali hanya selepas panggilan balik pelayan ke pelayan dihantar',
  testCardPending:
    'Belum diputuskan oleh bank (Status 6); diluluskan beberapa saat kemudian melalui panggilan balik pelayan ke pelayan',
  testCardCallbackLost:
    'Diluluskan; panggilan balik pelayan ke pelayan hilang (peniaga mengetahuinya melalui semakan semula)',
  testCardOther: 'Nombor lain yang sah (Luhn)',
  refusedTitle: 'Pembayaran tidak dapat diproses',
  refusedIntro: 'Gerbang menolak permintaan daripada peniaga:',
  sessionClosed: 'Sesi pembayaran ini sudah ditutup.',
  returning: 'Anda sedang dibawa kembali ke peniaga…',
  returnToMerchant: 'Kembali ke peniaga',
  homeIntro:
    'Ini ialah gerbang kad sandbox. Ia menggunakan protokol iPay88 pada laluan yang sama, supaya portal boleh diuji tanpa wang sebenar.',
};

export type MessageKey = keyof typeof ms;
type Messages = Record<MessageKey, string>;

const en: Messages = {
  gatewayName: 'Sandbox Card Gateway',
  sandboxNotice: 'Test environment: no real money is charged.',
  orderSummary: 'Payment summary',
  merchant: 'Merchant',
  reference: 'Reference no.',
  description: 'Description',
  amount: 'Amount',
  cardDetails: 'Card details',
  cardNumber: 'Card number',
  cardName: 'Name on card',
  expiry: 'Expiry date',
  expiryMonth: 'Expiry month',
  expiryYear: 'Expiry year',
  month: 'Month',
  year: 'Year',
  bank: 'Issuing bank',
  choose: 'Please choose',
  cvv: 'CVV',
  cvvHint: '3 or 4 digits on the back of the card.',
  pay: 'Pay',
  cancel: 'Cancel',
  errorSummary: 'Please correct the following:',
  cardNumberInvalid: 'Enter a valid card number.',
  cardNameRequired: 'Enter the name as shown on the card.',
  expiryRequired: 'Choose the expiry month and year.',
  cardExpired: 'This card has expired.',
  bankRequired: 'Choose the bank that issued the card.',
  cvvInvalid: 'Enter the 3 or 4 digit CVV.',
  testCards: 'Test cards',
  result: 'Result',
  testCardsHint: 'Use any name, a future expiry date and any CVV.',
  testCardApproved: 'Approved',
  testCardDeclined: 'Declined',
  testCardInsufficientFunds: 'Insufficient funds',
  testCardApprovedAfterCallback:
    'Approved; the browser returns only after the server-to-server callback was delivered',
  testCardPending:
    'Not yet decided by the bank (Status 6); approved a few seconds later by the server-to-server callback',
  testCardCallbackLost:
    'Approved; the server-to-server callback is lost (the merchant learns of it by its requery)',
  testCardOther: 'Any other valid (Luhn) number',
  refusedTitle: 'The payment cannot be processed',
  refusedIntro: 'The gateway refused the request from the merchant:',
  sessionClosed: 'This payment session is closed.',
  returning: 'Taking you back to the merchant…',
  returnToMerchant: 'Return to merchant',
  homeIntro:
    'This is the sandbox card gateway. It speaks the iPay88 protocol at the same paths, so the portal can be tested without real money.',
};

const zh: Messages = {
  gatewayName: '沙盒信用卡支付网关',
  sandboxNotice: '测试环境：不会扣除真实款项。',
  orderSummary: '付款摘要',
  merchant: '商家',
  reference: '参考编号',
  description: '说明',
  amount: '金额',
  cardDetails: '卡片资料',
  cardNumber: '卡号',
  cardName: '持卡人姓名',
  expiry: '有效期',
  expiryMonth: '有效期月份',
  expiryYear: '有效期年份',
  month: '月',
  year: '年',
  bank: '发卡银行',
  choose: '请选择',
  cvv: 'CVV',
  cvvHint: '卡片背面的 3 或 4 位数字。',
  pay: '付款',
  cancel: '取消',
  errorSummary: '请更正以下资料：',
  cardNumberInvalid: '请输入有效的卡号。',
  cardNameRequired: '请输入卡片上的姓名。',
  expiryRequired: '请选择有效期月份和年份。',
  cardExpired: '此卡已过期。',
  bankRequired: '请选择发卡银行。',
  cvvInvalid: '请输入 3 或 4 位数的 CVV。',
  testCards: '测试卡',
  result: '结果',
  testCardsHint: '可使用任何姓名、未过期的有效期和任何 CVV。',
  testCardApproved: '批准',
  testCardDeclined: '拒绝',
  testCardInsufficientFunds: '余额不足',
  testCardApprovedAfterCallback: '批准；服务器回调送达后浏览器才返回商家',
  testCardPending: '银行尚未决定（Status 6）；数秒后经服务器回调批准',
  testCardCallbackLost: '批准；服务器回调丢失（商家通过重新查询得知）',
  testCardOther: '其他有效（Luhn）卡号',
  refusedTitle: '无法处理此付款',
  refusedIntro: '网关拒绝了商家的请求：',
  sessionClosed: '此付款会话已关闭。',
  returning: '正在返回商家…',
  returnToMerchant: '返回商家',
  homeIntro: '这是沙盒信用卡支付网关。它在相同路径上使用 iPay88 协议，让门户无需真实款项即可测试。',
};

const dictionaries: Record<Language, Messages> = { ms, en, zh };

/** A text, with `{name}` filled in from `values` (a bank's or wallet's name, never translated). */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  return (key, values = {}) =>
    dictionaries[language][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
}
