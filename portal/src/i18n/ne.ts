// Portal UI text in Nepali, the default language (spec §1, §9). Keys are flat ("area.item")
// and every key must also exist in en.ts; i18n/catalogues.test.ts fails otherwise.
export const ne = {
  'app.name': 'लोक सेवा आयोग',
  'app.shortName': 'लोक सेवा आयोग',
  'app.tagline': 'अनलाइन आवेदन पोर्टल',
  'app.skipToContent': 'मुख्य भागमा जानुहोस्',

  'language.label': 'भाषा',
  'language.ne': 'नेपाली',
  'language.en': 'English',

  'loader.label': 'लोड हुँदैछ…',

  'login.title': 'लग इन',
  'login.subtitle': 'आफ्नो प्रयोगकर्ता नाम वा इमेल र पासवर्ड प्रयोग गरी लग इन गर्नुहोस्।',
  'login.username': 'प्रयोगकर्ता नाम वा इमेल',
  'login.password': 'पासवर्ड',
  'login.submit': 'लग इन गर्नुहोस्',
  'login.register': 'नयाँ प्रयोगकर्ता? दर्ता गर्नुहोस्',
  'login.existingUser': 'पुरानो प्रयोगकर्ता? खाता पुनः प्राप्त गर्नुहोस्',
  'login.faq': 'बारम्बार सोधिने प्रश्नहरू',
  'login.loadingProfile': 'तपाईंको विवरण ल्याउँदैछ…',

  'nav.menu': 'मेनु',
  'nav.closeMenu': 'मेनु बन्द गर्नुहोस्',
  'nav.home': 'गृहपृष्ठ',
  'nav.profile': 'मेरो विवरण',
  'nav.vacancy': 'रिक्त पदहरू',
  'nav.organizationVacancy': 'संगठित संस्थाका रिक्त पदहरू',
  'nav.promotionVacancy': 'बढुवाका रिक्त पदहरू',
  'nav.myApplications': 'मेरा आवेदनहरू',
  'nav.approvedApplications': 'स्वीकृत आवेदनहरू',
  'nav.promotionApplications': 'बढुवा आवेदनहरू',
  'nav.results': 'नतिजा',
  'nav.certificate': 'प्रमाणपत्र डाउनलोड',
  'nav.oldAdmitCard': 'पुराना प्रवेशपत्रहरू',
  'nav.ebpVerification': 'भुक्तानी कोड प्रमाणीकरण',
  'nav.ebpLocalVerification': 'भुक्तानी कोड स्थानीय प्रमाणीकरण',
  'nav.deactivateAccount': 'दोहोरो खाता निष्क्रिय गर्नुहोस्',
  'nav.signOut': 'लग आउट',
  'nav.signingOut': 'लग आउट हुँदैछ…',

  'feature.profileTab': 'मेरो विवरण: {tab}',
  'feature.reapplyQuota': 'थप कोटामा पुनः आवेदन',
  'feature.voucherUpload': 'भौचर अपलोड',
  'feature.promotionVoucherUpload': 'बढुवा आवेदनको भौचर अपलोड',
  'feature.vacancyApply': 'रिक्त पदमा आवेदन',
  'feature.vacancyReapplyQuota': 'कोटामा पुनः आवेदन',
  'feature.organizationVacancyApply': 'संगठित संस्थाको रिक्त पदमा आवेदन',
  'feature.rmisPaymentSuccess': 'अनलाइन भुक्तानी सफल भएको पृष्ठ',
  'feature.rmisPaymentFailure': 'अनलाइन भुक्तानी असफल भएको पृष्ठ',
  'feature.promotionApply': 'बढुवा पदमा आवेदन',
  'feature.register': 'नयाँ दर्ता',
  'feature.existingUser': 'पुरानो प्रयोगकर्ताको खाता',
  'feature.changePassword': 'पासवर्ड परिवर्तन',

  'profileTab.personal': 'व्यक्तिगत विवरण',
  'profileTab.contact': 'सम्पर्क विवरण',
  'profileTab.education': 'शैक्षिक योग्यता',
  'profileTab.training': 'तालिम',
  'profileTab.professional': 'व्यावसायिक परिषद्',
  'profileTab.extra': 'थप विवरण',
  'profileTab.experience': 'अनुभव',
  'profileTab.documents': 'कागजातहरू',
  'profileTab.preview': 'पूर्वावलोकन',

  'notAvailable.title': 'यो सुविधा अहिले उपलब्ध छैन',
  'notAvailable.body': '"{feature}" पोर्टलमा अहिलेसम्म उपलब्ध छैन। यो पछिको संस्करणमा थपिनेछ।',
  'notAvailable.goHome': 'गृहपृष्ठमा जानुहोस्',
  'notAvailable.goLogin': 'लग इन पृष्ठमा जानुहोस्',

  'home.welcome': 'स्वागत छ, {name}',
  'home.dashboard': 'ड्यासबोर्ड',
  'home.refresh': 'फेरि ल्याउनुहोस्',
  'home.mustChangePassword': 'तपाईंले अस्थायी पासवर्ड प्रयोग गरिरहनुभएको छ। कृपया पासवर्ड परिवर्तन गर्नुहोस्।',

  'counter.activeSessions': 'सक्रिय लग इन सत्रहरू',
  'counter.applications': 'आवेदनहरू',
  'counter.approvedApplications': 'स्वीकृत आवेदनहरू',
  'counter.admitCards': 'प्रवेशपत्रहरू',
  'counter.openVacancies': 'खुला रिक्त पदहरू',
  'counter.profileSectionsCompleted': 'पूरा भएका विवरण खण्डहरू',
  'counter.outOf': '{total} मध्ये {value}',
  'counter.other': 'अन्य गणना ({key})',

  'request.unreadable': 'सर्भरबाट आएको जवाफ बुझ्न सकिएन।',

  'crash.body': 'यो पृष्ठ देखाउँदा अप्रत्याशित त्रुटि भयो। पृष्ठ फेरि लोड गर्नुहोस् वा अघिल्लो पृष्ठमा जानुहोस्।',

  'faq.title': 'बारम्बार सोधिने प्रश्नहरू',
  'faq.intro': 'लग इन, दर्ता र शुल्कबारे छोटो जानकारी।',
  'faq.backToLogin': 'लग इन पृष्ठमा फर्कनुहोस्',
  'faq.signIn.q': 'म कसरी लग इन गर्छु?',
  'faq.signIn.a':
    'दर्ता गर्दा राखेको प्रयोगकर्ता नाम वा इमेल र पासवर्ड प्रयोग गर्नुहोस्। दर्तापछि तपाईंको इमेलमा अस्थायी पासवर्ड पठाइन्छ; त्यसैले लग इन गरेर तुरुन्तै नयाँ पासवर्ड राख्नुहोस्।',
  'faq.password.q': 'नयाँ पासवर्ड कस्तो हुनुपर्छ?',
  'faq.password.a':
    'कम्तीमा ८ अक्षरको, जसमा कम्तीमा एउटा ठूलो अक्षर (A-Z), एउटा सानो अक्षर (a-z) र एउटा अङ्क हुनुपर्छ। नयाँ पासवर्ड पुरानोभन्दा फरक हुनुपर्छ।',
  'faq.register.q': 'म कसरी दर्ता हुन्छु?',
  'faq.register.a':
    'अंग्रेजी र नेपालीमा नाम, जन्म मिति, नागरिकताको विवरण, इमेल र १० अङ्कको मोबाइल नम्बर दिएर दर्ता गर्नुहोस्। नाम र प्रयोगकर्ता नाम बढीमा ३० अक्षरको हुनुपर्छ।',
  'faq.profile.q': 'आवेदन दिनुअघि के पूरा गर्नुपर्छ?',
  'faq.profile.a':
    'तपाईंको विवरणमा ८ खण्ड छन्। व्यक्तिगत, थप र सम्पर्क विवरण, कम्तीमा एउटा शैक्षिक योग्यता, नागरिकता, फोटो र हस्ताक्षर नभई आवेदन दिन सकिँदैन।',
  'faq.fees.q': 'शुल्क कसरी तिर्ने?',
  'faq.fees.a':
    'बैंकमा आवेदन शुल्क जम्मा गरी भौचरको फोटो अपलोड गर्नुहोस् वा अनलाइन भुक्तानी गर्नुहोस्। आवेदन दिने अन्तिम मिति नाघेपछि दोब्बर शुल्कको अन्तिम मितिसम्म दोब्बर शुल्क तिरेर आवेदन दिन सकिन्छ।',
  'faq.files.q': 'कस्ता फाइल अपलोड गर्न मिल्छ?',
  'faq.files.a':
    'हरेक फाइल बढीमा ५०० KB को हुनुपर्छ। फोटो, हस्ताक्षर, नागरिकता र भौचर JPG वा PNG मा; प्रमाणपत्रहरू PDF, JPEG वा PNG मा; शैक्षिक ट्रान्सक्रिप्ट PDF मा।',
} as const satisfies Record<string, string>;

export type PortalMessageKey = keyof typeof ne;
