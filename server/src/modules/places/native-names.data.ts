/**
 * How Hindi and Bengali newspapers write India's districts, its towns of over 100,000 people and
 * the big cities' best-known areas whose English spelling a romanisation does not reach
 * (Tollygunge, Connaught Place):
 * one place per line, `name in the place data | its state there | Hindi spellings | Bengali
 * spellings`, with several common spellings separated by commas, the most common first (a
 * renamed place gives its new name first). A district's name is the data's district name; a
 * town's is how its post offices' names begin (Bhilai finds "Bhilai Nagar"). Checked by a reader
 * of both languages; native-names.test.ts proves that each line finds its place.
 */
export const DISTRICTS = `
Adilabad | Telangana | आदिलाबाद | আদিলাবাদ
Agra | Uttar Pradesh | आगरा | আগ্রা, আগরা
Ahmed Nagar | Maharashtra | अहिल्यानगर, अहमदनगर | অহিল্যানগর, আহমেদনগর, আহমদনগর
Ahmedabad | Gujarat | अहमदाबाद | আহমেদাবাদ, আমদাবাদ
Aizawl | Mizoram | आइजोल, आइज़ोल | আইজল
Ajmer | Rajasthan | अजमेर | আজমির, আজমের
Akola | Maharashtra | अकोला | আকোলা
Alappuzha | Kerala | अलप्पुझा, अलेप्पी | আলাপ্পুঝা, আলেপ্পি
Aligarh | Uttar Pradesh | अलीगढ़ | আলিগড়
Alipurduar | West Bengal | अलीपुरद्वार, अलीपुरदुआर | আলিপুরদুয়ার
Alirajpur | Madhya Pradesh | अलीराजपुर, आलीराजपुर | আলিরাজপুর
Allahabad | Uttar Pradesh | प्रयागराज, इलाहाबाद | প্রয়াগরাজ, এলাহাবাদ, ইলাহাবাদ
Almora | Uttarakhand | अल्मोड़ा | আলমোড়া
Alwar | Rajasthan | अलवर | আলোয়ার, আলওয়ার
Ambala | Haryana | अंबाला, अम्बाला | আম্বালা
Ambedkar Nagar | Uttar Pradesh | अंबेडकर नगर, अंबेडकरनगर | আম্বেদকর নগর, অম্বেডকর নগর
Amravati | Maharashtra | अमरावती | অমরাবতী
Amreli | Gujarat | अमरेली | আমরেলি
Amritsar | Punjab | अमृतसर | অমৃতসর
Anand | Gujarat | आणंद, आनंद | আনন্দ
Ananthapur | Andhra Pradesh | अनंतपुर | অনন্তপুর
Ananthnag | Jammu & Kashmir | अनंतनाग | অনন্তনাগ
Angul | Odisha | अंगुल, अनुगुल | অঙ্গুল, অনুগুল
Anuppur | Madhya Pradesh | अनूपपुर | অনুপপুর, অনূপপুর
Araria | Bihar | अररिया | আরারিয়া, আররিয়া
Ariyalur | Tamil Nadu | अरियालूर | আরিয়ালুর
Arwal | Bihar | अरवल | আরওয়াল
Ashok Nagar | Madhya Pradesh | अशोकनगर | অশোকনগর
Auraiya | Uttar Pradesh | औरैया | ঔরাইয়া
Aurangabad | Maharashtra | छत्रपति संभाजीनगर, औरंगाबाद | ছত্রপতি সম্ভাজিনগর, ঔরঙ্গাবাদ
Aurangabad(BH) | Bihar | औरंगाबाद | ঔরঙ্গাবাদ
Azamgarh | Uttar Pradesh | आजमगढ़, आज़मगढ़ | আজমগড়
Bagalkot | Karnataka | बागलकोट | বাগলকোট
Bageshwar | Uttarakhand | बागेश्वर | বাগেশ্বর
Bagpat | Uttar Pradesh | बागपत | বাগপত
Bahraich | Uttar Pradesh | बहराइच | বাহরাইচ, বহরাইচ
Balaghat | Madhya Pradesh | बालाघाट | বালাঘাট
Balangir | Odisha | बलांगीर, बोलांगीर | বলাঙ্গির, বোলাঙ্গির
Baleswar | Odisha | बालासोर, बालेश्वर | বালেশ্বর, বালাসোর
Ballari | Karnataka | बेल्लारी, बल्लारी | বেল্লারি, বল্লারি
Ballia | Uttar Pradesh | बलिया | বালিয়া
Balrampur | Uttar Pradesh | बलरामपुर | বলরামপুর
Banaskantha | Gujarat | बनासकांठा | বনাসকাঁঠা
Banda | Uttar Pradesh | बांदा, बाँदा | বান্দা
Bandipur | Jammu & Kashmir | बांदीपोरा, बांडीपोरा | বান্দিপোরা
Bangalore Rural | Karnataka | बेंगलुरु ग्रामीण | বেঙ্গালুরু গ্রামীণ
Banka | Bihar | बांका | বাঁকা
Bankura | West Bengal | बांकुड़ा | বাঁকুড়া
Banswara | Rajasthan | बांसवाड़ा | বাঁসওয়াড়া
Barabanki | Uttar Pradesh | बाराबंकी | বারাবাঙ্কি
Baramulla | Jammu & Kashmir | बारामूला, बारामुला | বারামুলা
Baran | Rajasthan | बारां | বারান, বারাঁ
Bareilly | Uttar Pradesh | बरेली | বরেলি, বেরিলি
Bargarh | Odisha | बरगढ़ | বরগড়
Barmer | Rajasthan | बाड़मेर | বাড়মের, বারমের
Barnala | Punjab | बरनाला | বরনালা
Barpeta | Assam | बारपेटा, बरपेटा | বরপেটা
Barwani | Madhya Pradesh | बड़वानी | বড়ওয়ানি, বরওয়ানি
Bastar | Chhattisgarh | बस्तर | বস্তার
Basti | Uttar Pradesh | बस्ती | বস্তি
Bathinda | Punjab | बठिंडा, भटिंडा | ভাটিন্ডা, বাথিন্ডা
Beed | Maharashtra | बीड, बीड़ | বিড
Begusarai | Bihar | बेगूसराय | বেগুসরাই
Belagavi | Karnataka | बेलगावी, बेलगाम | বেলগাভি, বেলগাঁও
Bengaluru | Karnataka | बेंगलुरु, बेंगलूरु, बंगलौर, बैंगलोर | বেঙ্গালুরু, বেঙ্গালোর, ব্যাঙ্গালোর
Betul | Madhya Pradesh | बैतूल | বেতুল
Bhadrak | Odisha | भद्रक | ভদ্রক
Bhagalpur | Bihar | भागलपुर | ভাগলপুর
Bhandara | Maharashtra | भंडारा | ভান্ডারা
Bharatpur | Rajasthan | भरतपुर | ভরতপুর
Bharuch | Gujarat | भरूच | ভারুচ, ভরুচ
Bhavnagar | Gujarat | भावनगर | ভাবনগর
Bhilwara | Rajasthan | भीलवाड़ा | ভিলওয়াড়া
Bhind | Madhya Pradesh | भिंड | ভিন্ড
Bhiwani | Haryana | भिवानी | ভিওয়ানি
Bhojpur | Bihar | भोजपुर | ভোজপুর
Bhopal | Madhya Pradesh | भोपाल | ভোপাল
Bidar | Karnataka | बीदर | বিদর
Bijapur(CGH) | Chhattisgarh | बीजापुर | বিজাপুর
Bijnor | Uttar Pradesh | बिजनौर | বিজনৌর
Bikaner | Rajasthan | बीकानेर | বিকানের
Bilaspur (HP) | Himachal Pradesh | बिलासपुर | বিলাসপুর
Bilaspur(CGH) | Chhattisgarh | बिलासपुर | বিলাসপুর
Birbhum | West Bengal | बीरभूम | বীরভূম
Bishnupur | Manipur | बिष्णुपुर | বিষ্ণুপুর
Bokaro | Jharkhand | बोकारो | বোকারো
Bongaigaon | Assam | बोंगाईगांव | বঙ্গাইগাঁও, বঙাইগাঁও
Boudh | Odisha | बौद्ध, बौध | বৌদ্ধ, বৌধ
Budaun | Uttar Pradesh | बदायूं, बदायूँ | বদায়ুঁ, বদায়ূঁ, বদাউন
Budgam | Jammu & Kashmir | बडगाम, बड़गाम | বদগাম, বুদগাম
Bulandshahr | Uttar Pradesh | बुलंदशहर | বুলন্দশহর
Buldhana | Maharashtra | बुलढाणा, बुलडाना | বুলঢানা, বুলধানা
Bundi | Rajasthan | बूंदी, बूँदी | বুন্দি
Burdwan | West Bengal | बर्धमान, बर्दवान | বর্ধমান
Burhanpur | Madhya Pradesh | बुरहानपुर | বুরহানপুর
Buxar | Bihar | बक्सर | বক্সার
Cachar | Assam | कछार | কাছাড়
Central Delhi | Delhi | मध्य दिल्ली | মধ্য দিল্লি
Chamba | Himachal Pradesh | चंबा, चम्बा | চাম্বা
Chamoli | Uttarakhand | चमोली | চামোলি
Champawat | Uttarakhand | चंपावत | চম্পাবত
Champhai | Mizoram | चम्फाई, चंफाई | চম্ফাই
Chamrajnagar | Karnataka | चामराजनगर | চামরাজনগর
Chandauli | Uttar Pradesh | चंदौली | চন্দৌলি, চান্দৌলি
Chandel | Manipur | चंदेल | চান্দেল
Chandigarh | Chandigarh | चंडीगढ़ | চণ্ডীগড়, চন্ডীগড়
Chandrapur | Maharashtra | चंद्रपुर | চন্দ্রপুর
Changlang | Arunachal Pradesh | चांगलांग | চাংলাং
Chatra | Jharkhand | चतरा | চাতরা, চতরা
Chennai | Tamil Nadu | चेन्नई, मद्रास | চেন্নাই, মাদ্রাজ
Chhatarpur | Madhya Pradesh | छतरपुर | ছতরপুর
Chhindwara | Madhya Pradesh | छिंदवाड़ा | ছিন্দওয়াড়া
Chikkaballapur | Karnataka | चिक्कबल्लापुर | চিক্কাবাল্লাপুর
Chikkamagaluru | Karnataka | चिक्कमगलुरु, चिकमगलूर | চিক্কামাগালুরু, চিকমাগালুর
Chitradurga | Karnataka | चित्रदुर्ग | চিত্রদুর্গ
Chitrakoot | Uttar Pradesh | चित्रकूट | চিত্রকূট
Chittoor | Andhra Pradesh | चित्तूर | চিত্তুর
Chittorgarh | Rajasthan | चित्तौड़गढ़ | চিতোরগড়, চিত্তৌড়গড়
Churachandpur | Manipur | चुराचांदपुर | চূড়াচাঁদপুর
Churu | Rajasthan | चूरू | চুরু
Coimbatore | Tamil Nadu | कोयंबटूर, कोयम्बटूर | কোয়েম্বাটুর, কোয়েম্বাটোর
Cooch Behar | West Bengal | कूचबिहार | কোচবিহার
Cuddalore | Tamil Nadu | कुड्डालोर, कडलूर | কুড্ডালোর
Cuddapah | Andhra Pradesh | कडप्पा, कडपा | কাডাপা
Cuttack | Odisha | कटक | কটক
Dadra & Nagar Haveli | Dadra and Nagar Haveli and Daman and Diu | दादरा और नगर हवेली | দাদরা ও নগর হাভেলি
Dahod | Gujarat | दाहोद | দাহোদ
Dakshina Kannada | Karnataka | दक्षिण कन्नड़ | দক্ষিণ কন্নড়
Daman | Dadra and Nagar Haveli and Daman and Diu | दमन | দমন
Damoh | Madhya Pradesh | दमोह | দামোহ
Dantewada | Chhattisgarh | दंतेवाड़ा | দন্তেওয়াড়া, দান্তেওয়াড়া
Darbhanga | Bihar | दरभंगा | দ্বারভাঙা, দ্বারভাঙ্গা, দারভাঙ্গা
Darjiling | West Bengal | दार्जिलिंग | দার্জিলিং
Darrang | Assam | दरांग, दरंग | দরং
Datia | Madhya Pradesh | दतिया | দাতিয়া
Dausa | Rajasthan | दौसा | দৌসা
Davangere | Karnataka | दावणगेरे, दावनगेरे | দাভানগেরে, দাবণগেরে
Debagarh | Odisha | देवगढ़ | দেবগড়
Dehradun | Uttarakhand | देहरादून | দেহরাদুন, দেরাদুন, দেহরাদূন
Deoghar | Jharkhand | देवघर | দেওঘর
Deoria | Uttar Pradesh | देवरिया | দেওরিয়া
Dewas | Madhya Pradesh | देवास | দেওয়াস
Dhalai | Tripura | धलाई | ধলাই
Dhamtari | Chhattisgarh | धमतरी | ধমতরি
Dhanbad | Jharkhand | धनबाद | ধানবাদ
Dhar | Madhya Pradesh | धार | ধার
Dharmapuri | Tamil Nadu | धर्मपुरी | ধর্মপুরী
Dharwad | Karnataka | धारवाड़ | ধারওয়াড়
Dhemaji | Assam | धेमाजी | ধেমাজি
Dhenkanal | Odisha | ढेंकानाल | ঢেঙ্কানল
Dholpur | Rajasthan | धौलपुर | ধৌলপুর
Dhubri | Assam | धुबरी, धुबड़ी | ধুবড়ি
Dhule | Maharashtra | धुले, धुळे | ধুলে
Dibang Valley | Arunachal Pradesh | दिबांग घाटी, दिबांग वैली | দিবাং ভ্যালি, দিবাং উপত্যকা
Dibrugarh | Assam | डिब्रूगढ़ | ডিব্রুগড়
Dimapur | Nagaland | दीमापुर, डिमापुर | ডিমাপুর
Dindigul | Tamil Nadu | डिंडीगुल | ডিন্ডিগুল
Dindori | Madhya Pradesh | डिंडोरी | ডিন্ডোরি
Diu | Dadra and Nagar Haveli and Daman and Diu | दीव | দিউ
Doda | Jammu & Kashmir | डोडा | ডোডা
Dumka | Jharkhand | दुमका | দুমকা
Dungarpur | Rajasthan | डूंगरपुर | ডুঙ্গারপুর
Durg | Chhattisgarh | दुर्ग | দুর্গ
East Champaran | Bihar | पूर्वी चंपारण | পূর্ব চম্পারণ
East Delhi | Delhi | पूर्वी दिल्ली | পূর্ব দিল্লি
East Garo Hills | Meghalaya | पूर्वी गारो हिल्स | পূর্ব গারো পাহাড়, ইস্ট গারো হিলস
East Godavari | Andhra Pradesh | पूर्वी गोदावरी | পূর্ব গোদাবরী
East Kameng | Arunachal Pradesh | पूर्वी कामेंग | পূর্ব কামেং
East Khasi Hills | Meghalaya | पूर्वी खासी हिल्स | পূর্ব খাসি পাহাড়, ইস্ট খাসি হিলস
East Midnapore | West Bengal | पूर्व मेदिनीपुर, पूर्वी मेदिनीपुर | পূর্ব মেদিনীপুর
East Nimar | Madhya Pradesh | पूर्वी निमाड़, खंडवा | পূর্ব নিমাড়, খান্ডোয়া, খাণ্ডোয়া
East Siang | Arunachal Pradesh | पूर्वी सियांग | পূর্ব সিয়াং
East Sikkim | Sikkim | पूर्वी सिक्किम | পূর্ব সিকিম
East Singhbhum | Jharkhand | पूर्वी सिंहभूम | পূর্ব সিংভূম
Ernakulam | Kerala | एर्नाकुलम | এর্নাকুলাম
Erode | Tamil Nadu | इरोड | ইরোড
Etah | Uttar Pradesh | एटा | এটা
Etawah | Uttar Pradesh | इटावा | ইটাওয়া
Faizabad | Uttar Pradesh | अयोध्या, फैजाबाद, फ़ैज़ाबाद | অযোধ্যা, ফৈজাবাদ
Faridabad | Haryana | फरीदाबाद, फ़रीदाबाद | ফরিদাবাদ
Faridkot | Punjab | फरीदकोट | ফরিদকোট
Farrukhabad | Uttar Pradesh | फर्रुखाबाद | ফারুখাবাদ
Fatehabad | Haryana | फतेहाबाद | ফতেহাবাদ
Fatehgarh Sahib | Punjab | फतेहगढ़ साहिब | ফতেহগড় সাহিব
Fatehpur | Uttar Pradesh | फतेहपुर | ফতেহপুর, ফতেপুর
Fazilka | Punjab | फाजिल्का | ফাজিলকা
Firozabad | Uttar Pradesh | फिरोजाबाद, फ़िरोज़ाबाद | ফিরোজাবাদ
Firozpur | Punjab | फिरोजपुर, फ़िरोज़पुर | ফিরোজপুর
Gadag | Karnataka | गदग | গদগ
Gadchiroli | Maharashtra | गडचिरोली | গড়চিরোলি
Gajapati | Odisha | गजपति | গজপতি
Ganderbal | Jammu & Kashmir | गांदरबल, गंदरबल | গান্দেরবাল, গান্দরবাল
Gandhi Nagar | Gujarat | गांधीनगर, गाँधीनगर | গান্ধীনগর
Ganganagar | Rajasthan | श्रीगंगानगर, गंगानगर | শ্রীগঙ্গানগর, গঙ্গানগর
Ganjam | Odisha | गंजाम | গঞ্জাম
Garhwa | Jharkhand | गढ़वा | গড়ওয়া, গাড়োয়া
Gariaband | Chhattisgarh | गरियाबंद | গরিয়াবন্দ
Gautam Buddha Nagar | Uttar Pradesh | गौतमबुद्ध नगर, गौतम बुद्ध नगर | গৌতম বুদ্ধ নগর
Gaya | Bihar | गया, गयाजी | গয়া, গয়াজি
Ghaziabad | Uttar Pradesh | गाजियाबाद, गाज़ियाबाद | গাজিয়াবাদ
Ghazipur | Uttar Pradesh | गाजीपुर, गाज़ीपुर | গাজিপুর
Giridh | Jharkhand | गिरिडीह | গিরিডি
Goalpara | Assam | ग्वालपाड़ा | গোয়ালপাড়া
Godda | Jharkhand | गोड्डा | গোড্ডা
Golaghat | Assam | गोलाघाट | গোলাঘাট
Gomti | Tripura | गोमती | গোমতী
Gonda | Uttar Pradesh | गोंडा | গোন্ডা
Gondia | Maharashtra | गोंदिया | গোন্দিয়া
Gopalganj | Bihar | गोपालगंज | গোপালগঞ্জ
Gorakhpur | Uttar Pradesh | गोरखपुर | গোরখপুর, গোরক্ষপুর
Gumla | Jharkhand | गुमला | গুমলা
Guna | Madhya Pradesh | गुना | গুনা
Guntur | Andhra Pradesh | गुंटूर | গুন্টুর
Gurdaspur | Punjab | गुरदासपुर | গুরদাসপুর
Gurgaon | Haryana | गुरुग्राम, गुड़गांव, गुड़गाँव | গুরুগ্রাম, গুড়গাঁও, গুরগাঁও
Gwalior | Madhya Pradesh | ग्वालियर | গোয়ালিয়র
Hailakandi | Assam | हैलाकांडी | হাইলাকান্দি
Hamirpur | Uttar Pradesh | हमीरपुर | হামিরপুর
Hamirpur(HP) | Himachal Pradesh | हमीरपुर | হামিরপুর
Hanumangarh | Rajasthan | हनुमानगढ़ | হনুমানগড়
Hapur | Uttar Pradesh | हापुड़ | হাপুড়
Harda | Madhya Pradesh | हरदा | হরদা
Hardoi | Uttar Pradesh | हरदोई | হরদোই
Haridwar | Uttarakhand | हरिद्वार | হরিদ্বার
Hassan | Karnataka | हासन, हसन | হাসান
Hathras | Uttar Pradesh | हाथरस | হাথরস
Haveri | Karnataka | हावेरी | হাভেরি
Hazaribag | Jharkhand | हजारीबाग | হাজারিবাগ
Hingoli | Maharashtra | हिंगोली | হিঙ্গোলি
Hisar | Haryana | हिसार | হিসার
Hooghly | West Bengal | हुगली | হুগলি, হুগলী
Hoshangabad | Madhya Pradesh | नर्मदापुरम, होशंगाबाद | নর্মদাপুরম, হোশঙ্গাবাদ
Hoshiarpur | Punjab | होशियारपुर | হোশিয়ারপুর
Howrah | West Bengal | हावड़ा | হাওড়া
Hyderabad | Telangana | हैदराबाद | হায়দরাবাদ, হায়দ্রাবাদ
Idukki | Kerala | इडुक्की | ইডুক্কি
Imphal East | Manipur | इंफाल पूर्व, इंफाल पूर्वी | ইম্ফল পূর্ব, পূর্ব ইম্ফল
Imphal West | Manipur | इंफाल पश्चिम, इंफाल पश्चिमी | ইম্ফল পশ্চিম, পশ্চিম ইম্ফল
Indore | Madhya Pradesh | इंदौर, इन्दौर | ইন্দোর
Jabalpur | Madhya Pradesh | जबलपुर | জবলপুর
Jagatsinghapur | Odisha | जगतसिंहपुर | জগৎসিংহপুর
Jaintia Hills | Meghalaya | जयंतिया हिल्स | জয়ন্তিয়া পাহাড়
Jaipur | Rajasthan | जयपुर | জয়পুর
Jaisalmer | Rajasthan | जैसलमेर | জয়সলমের
Jajapur | Odisha | जाजपुर | যাজপুর, জাজপুর
Jalandhar | Punjab | जालंधर | জলন্ধর
Jalaun | Uttar Pradesh | जालौन | জালৌন
Jalgaon | Maharashtra | जलगांव | জলগাঁও
Jalna | Maharashtra | जालना | জালনা
Jalor | Rajasthan | जालोर, जालौर | জালোর
Jalpaiguri | West Bengal | जलपाईगुड़ी | জলপাইগুড়ি
Jammu | Jammu & Kashmir | जम्मू | জম্মু
Jamnagar | Gujarat | जामनगर | জামনগর
Jamtara | Jharkhand | जामताड़ा | জামতাড়া
Jamui | Bihar | जमुई | জামুই
Janjgir-champa | Chhattisgarh | जांजगीर-चांपा | জাঞ্জগির-চাম্পা
Jaribam | Manipur | जिरीबाम | জিরিবাম
Jashpur | Chhattisgarh | जशपुर | জশপুর
Jaunpur | Uttar Pradesh | जौनपुर | জৌনপুর
Jayashankar | Telangana | जयशंकर भूपालपल्ली | জয়শঙ্কর ভূপালপল্লি
Jehanabad | Bihar | जहानाबाद | জাহানাবাদ
Jhabua | Madhya Pradesh | झाबुआ | ঝাবুয়া
Jhajjar | Haryana | झज्जर | ঝাজ্জর
Jhalawar | Rajasthan | झालावाड़ | ঝালাওয়াড়
Jhansi | Uttar Pradesh | झांसी, झाँसी | ঝাঁসি
Jharsuguda | Odisha | झारसुगुड़ा | ঝাড়সুগুদা, ঝাড়সুগুড়া
Jhujhunu | Rajasthan | झुंझुनूं, झुंझुनू | ঝুনঝুনু
Jind | Haryana | जींद | জিন্দ
Jodhpur | Rajasthan | जोधपुर | যোধপুর
Jorhat | Assam | जोरहाट | জোরহাট
Junagadh | Gujarat | जूनागढ़ | জুনাগড়
Jyotiba Phule Nagar | Uttar Pradesh | अमरोहा, ज्योतिबा फुले नगर | আমরোহা, জ্যোতিবা ফুলে নগর
K.V.Rangareddy | Telangana | रंगारेड्डी | রঙ্গারেড্ডি
Kabirdham | Chhattisgarh | कबीरधाम | কবীরধাম
Kachchh | Gujarat | कच्छ | কচ্ছ
Kaimur (Bhabua) | Bihar | कैमूर, भभुआ | কৈমুর, ভভুয়া
Kaithal | Haryana | कैथल | কৈথল
Kakching | Manipur | काकचिंग | কাকচিং
Kalaburagi | Karnataka | कलबुर्गी, गुलबर्गा | কলবুর্গি, গুলবর্গা
Kalahandi | Odisha | कालाहांडी | কালাহান্ডি
Kalimpong | West Bengal | कालिम्पोंग, कलिम्पोंग | কালিম্পং
Kamrup | Assam | कामरूप | কামরূপ
Kanchipuram | Tamil Nadu | कांचीपुरम | কাঞ্চীপুরম
Kandhamal | Odisha | कंधमाल | কন্ধমাল
Kangpokpi | Manipur | कांगपोकपी | কাংপোকপি
Kangra | Himachal Pradesh | कांगड़ा | কাংড়া
Kanker | Chhattisgarh | कांकेर | কাঙ্কের
Kannauj | Uttar Pradesh | कन्नौज | কনৌজ
Kannur | Kerala | कन्नूर | কন্নুর, কান্নুর
Kanpur Dehat | Uttar Pradesh | कानपुर देहात | কানপুর দেহাত
Kanpur Nagar | Uttar Pradesh | कानपुर नगर, कानपुर | কানপুর নগর, কানপুর
Kanyakumari | Tamil Nadu | कन्याकुमारी | কন্যাকুমারী
Kapurthala | Punjab | कपूरथला | কপুরথালা
Karaikal | Puducherry | कराईकल | কারাইকল
Karauli | Rajasthan | करौली | করৌলি
Karbi Anglong | Assam | कार्बी आंगलोंग | কার্বি আংলং
Kargil | Ladakh | कारगिल | কার্গিল
Karim Nagar | Telangana | करीमनगर | করিমনগর
Karimganj | Assam | श्रीभूमि, करीमगंज | শ্রীভূমি, করিমগঞ্জ
Karnal | Haryana | करनाल | কর্নাল
Karur | Tamil Nadu | करूर | করুর
Kasargod | Kerala | कासरगोड | কাসারগোড়, কাসারগোড
Kathua | Jammu & Kashmir | कठुआ | কাঠুয়া
Katihar | Bihar | कटिहार | কাটিহার
Katni | Madhya Pradesh | कटनी | কাটনি
Kaushambi | Uttar Pradesh | कौशांबी | কৌশাম্বী
Kawardha | Chhattisgarh | कवर्धा | কাওয়ার্ধা, কবর্ধা
Kendrapara | Odisha | केंद्रपाड़ा | কেন্দ্রাপাড়া
Kendujhar | Odisha | क्योंझर, केंदुझर | কেওনঝড়, কেন্দুঝর
Keonjhargarh | Odisha | क्योंझर, क्योंझरगढ़ | কেওনঝড়, কেওনঝড়গড়
Khagaria | Bihar | खगड़िया | খাগড়িয়া
Khammam | Telangana | खम्मम | খাম্মাম
Khandwa | Madhya Pradesh | खंडवा | খান্ডোয়া, খাণ্ডোয়া
Khargone | Madhya Pradesh | खरगोन | খরগোন
Kheda | Gujarat | खेड़ा | খেড়া, খেদা
Kheri | Uttar Pradesh | लखीमपुर खीरी, खीरी | লখিমপুর খেরি, খেরি
Khorda | Odisha | खुर्दा, खोरधा | খুরদা, খোরধা
Khowai | Tripura | खोवाई | খোয়াই
Khunti | Jharkhand | खूंटी | খুঁটি
Kinnaur | Himachal Pradesh | किन्नौर | কিন্নর, কিন্নৌর
Kiphire | Nagaland | किफिरे | কিফিরে
Kishanganj | Bihar | किशनगंज | কিশনগঞ্জ, কিষাণগঞ্জ
Kodagu | Karnataka | कोडागु, कुर्ग | কোডাগু, কুর্গ
Koderma | Jharkhand | कोडरमा | কোডারমা
Kohima | Nagaland | कोहिमा | কোহিমা
Kokrajhar | Assam | कोकराझार | কোকরাঝাড়
Kolar | Karnataka | कोलार | কোলার
Kolasib | Mizoram | कोलासिब | কোলাসিব
Kolhapur | Maharashtra | कोल्हापुर | কোলহাপুর
Kolkata | West Bengal | कोलकाता, कलकत्ता | কলকাতা, কোলকাতা
Kollam | Kerala | कोल्लम | কোল্লাম
Koppal | Karnataka | कोप्पल | কোপ্পাল
Koraput | Odisha | कोरापुट | কোরাপুট
Korba | Chhattisgarh | कोरबा | কোরবা
Koriya | Chhattisgarh | कोरिया | কোরিয়া
Kota | Rajasthan | कोटा | কোটা
Kottayam | Kerala | कोट्टायम | কোট্টায়াম
Kozhikode | Kerala | कोझिकोड | কোঝিকোড়, কোঝিকোড, কালিকট
Krishna | Andhra Pradesh | कृष्णा | কৃষ্ণা
Krishnagiri | Tamil Nadu | कृष्णागिरि | কৃষ্ণগিরি
Kulgam | Jammu & Kashmir | कुलगाम | কুলগাম
Kullu | Himachal Pradesh | कुल्लू | কুলু
Kupwara | Jammu & Kashmir | कुपवाड़ा | কুপওয়াড়া
Kurnool | Andhra Pradesh | कुर्नूल | কুর্নুল
Kurukshetra | Haryana | कुरुक्षेत्र | কুরুক্ষেত্র
Kurung Kumey | Arunachal Pradesh | कुरुंग कुमे | কুরুং কুমে
Kushinagar | Uttar Pradesh | कुशीनगर | কুশীনগর
Lahul & Spiti | Himachal Pradesh | लाहौल-स्पीति, लाहुल-स्पीति | লাহৌল-স্পিতি, লাহুল-স্পিতি
Lakhimpur | Assam | लखीमपुर | লখিমপুর
Lakhisarai | Bihar | लखीसराय | লখিসরাই
Lakshadweep | Lakshadweep | लक्षद्वीप | লাক্ষাদ্বীপ, লক্ষদ্বীপ
Lalitpur | Uttar Pradesh | ललितपुर | ললিতপুর
Latehar | Jharkhand | लातेहार | লাতেহার
Latur | Maharashtra | लातूर | লাতুর
Lawngtlai | Mizoram | लॉन्गतलाई, लांगतलाई | লংতলাই
Leh | Ladakh | लेह | লেহ, লে
Lohardaga | Jharkhand | लोहरदगा | লোহারদাগা, লোহারডাগা
Lohit | Arunachal Pradesh | लोहित | লোহিত
Longding | Arunachal Pradesh | लोंगडिंग | লংডিং
Longleng | Nagaland | लोंगलेंग | লংলেং
Lower Dibang Valley | Arunachal Pradesh | निचली दिबांग घाटी, लोअर दिबांग वैली | লোয়ার দিবাং ভ্যালি, নিম্ন দিবাং উপত্যকা
Lower Subansiri | Arunachal Pradesh | निचला सुबनसिरी, लोअर सुबनसिरी | লোয়ার সুবনসিরি, নিম্ন সুবনসিরি
Lucknow | Uttar Pradesh | लखनऊ | লখনউ, লখনৌ
Ludhiana | Punjab | लुधियाना | লুধিয়ানা
Lunglei | Mizoram | लुंगलेई | লুংলেই
MORBI | Gujarat | मोरबी | মোরবি
Madhepura | Bihar | मधेपुरा | মধেপুরা
Madhubani | Bihar | मधुबनी | মধুবনী
Madurai | Tamil Nadu | मदुरै | মাদুরাই
Mahabub Nagar | Telangana | महबूबनगर | মাহবুবনগর
Mahabubabad | Telangana | महबूबाबाद | মাহবুবাবাদ
Maharajganj | Uttar Pradesh | महराजगंज | মহারাজগঞ্জ
Mahasamund | Chhattisgarh | महासमुंद | মহাসমুন্দ
Mahe | Puducherry | माहे | মাহে
Mahendragarh | Haryana | महेंद्रगढ़ | মহেন্দ্রগড়
Mahesana | Gujarat | मेहसाणा, मेहसाना | মেহসানা
Mahoba | Uttar Pradesh | महोबा | মহোবা
Mainpuri | Uttar Pradesh | मैनपुरी | মৈনপুরী
Malappuram | Kerala | मलप्पुरम | মালাপ্পুরম
Malda | West Bengal | मालदा | মালদহ, মালদা
Malkangiri | Odisha | मलकानगिरी | মালকানগিরি
Mammit | Mizoram | मामित | মামিত
Mandi | Himachal Pradesh | मंडी | মান্ডি
Mandla | Madhya Pradesh | मंडला | মান্ডলা
Mandsaur | Madhya Pradesh | मंदसौर | মন্দসৌর
Mandya | Karnataka | मांड्या | মান্ড্য, মাণ্ড্য
Mansa | Punjab | मानसा | মানসা
Marigaon | Assam | मोरीगांव | মরিগাঁও
Mathura | Uttar Pradesh | मथुरा | মথুরা
Mau | Uttar Pradesh | मऊ | মউ
Mayurbhanj | Odisha | मयूरभंज | ময়ূরভঞ্জ
Medak | Telangana | मेदक | মেদক
Medinipur | West Bengal | मेदिनीपुर | মেদিনীপুর
Meerut | Uttar Pradesh | मेरठ | মেরঠ, মীরাট, মিরাট
Mirzapur | Uttar Pradesh | मिर्जापुर | মির্জাপুর
Moga | Punjab | मोगा | মোগা
Mohali | Punjab | मोहाली | মোহালি
Mokokchung | Nagaland | मोकोकचुंग | মোককচুং, মোকোকচুং
Mon | Nagaland | मोन | মোন
Moradabad | Uttar Pradesh | मुरादाबाद | মোরাদাবাদ, মুরাদাবাদ
Morena | Madhya Pradesh | मुरैना | মোরেনা, মুরৈনা
Muktsar | Punjab | मुक्तसर, श्री मुक्तसर साहिब | মুক্তসর
Mumbai | Maharashtra | मुंबई, मुम्बई, बंबई | মুম্বই, মুম্বাই, বোম্বাই
Munger | Bihar | मुंगेर | মুঙ্গের
Murshidabad | West Bengal | मुर्शिदाबाद | মুর্শিদাবাদ
Muzaffarnagar | Uttar Pradesh | मुजफ्फरनगर, मुज़फ़्फ़रनगर | মুজফ্ফরনগর, মুজফফরনগর
Muzaffarpur | Bihar | मुजफ्फरपुर, मुज़फ़्फ़रपुर | মুজফ্ফরপুর, মুজফফরপুর
Mysuru | Karnataka | मैसूर, मैसूरु | মাইসুরু, মহীশূর, মাইসোর
Nabarangapur | Odisha | नबरंगपुर | নবরঙ্গপুর
Nadia | West Bengal | नदिया | নদিয়া
Nagaon | Assam | नगांव, नौगांव | নগাঁও
Nagapattinam | Tamil Nadu | नागपट्टिनम | নাগাপট্টিনম
Nagaur | Rajasthan | नागौर | নাগৌর
Nagpur | Maharashtra | नागपुर | নাগপুর
Nainital | Uttarakhand | नैनीताल | নৈনিতাল
Nalanda | Bihar | नालंदा | নালন্দা
Nalbari | Assam | नलबाड़ी | নলবাড়ি
Nalgonda | Telangana | नलगोंडा | নালগোন্ডা
Namakkal | Tamil Nadu | नामक्कल | নামাক্কল
Namsai | Arunachal Pradesh | नामसाई | নামসাই
Nanded | Maharashtra | नांदेड़, नांदेड | নান্দেড়
Nandurbar | Maharashtra | नंदुरबार | নন্দুরবার
Narayanpur | Chhattisgarh | नारायणपुर | নারায়ণপুর
Narmada | Gujarat | नर्मदा | নর্মদা
Narsinghpur | Madhya Pradesh | नरसिंहपुर | নরসিংহপুর
Nashik | Maharashtra | नासिक, नाशिक | নাসিক
Navsari | Gujarat | नवसारी | নবসারি
Nawada | Bihar | नवादा | নওয়াদা
Nawanshahr | Punjab | नवांशहर, शहीद भगत सिंह नगर | নওয়াঁশহর, শহীদ ভগৎ সিং নগর
Nayagarh | Odisha | नयागढ़ | নয়াগড়
Neemuch | Madhya Pradesh | नीमच | নিমচ
Nellore | Andhra Pradesh | नेल्लोर | নেল্লোর
New Delhi | Delhi | नई दिल्ली | নয়াদিল্লি, নতুন দিল্লি
Nicobar | Andaman & Nicobar Islands | निकोबार | নিকোবর
Nilgiris | Tamil Nadu | नीलगिरि | নীলগিরি
Nizamabad | Telangana | निजामाबाद | নিজামাবাদ
North 24 Parganas | West Bengal | उत्तर 24 परगना, उत्तर चौबीस परगना | উত্তর ২৪ পরগনা, উত্তর চব্বিশ পরগনা
North And Middle Andaman | Andaman & Nicobar Islands | उत्तर और मध्य अंडमान | উত্তর ও মধ্য আন্দামান
North Cachar Hills | Assam | दीमा हसाओ, उत्तर कछार पहाड़ी | ডিমা হাসাও, উত্তর কাছাড় পার্বত্য
North Delhi | Delhi | उत्तरी दिल्ली | উত্তর দিল্লি
North Dinajpur | West Bengal | उत्तर दिनाजपुर | উত্তর দিনাজপুর
North East Delhi | Delhi | उत्तर-पूर्वी दिल्ली | উত্তর-পূর্ব দিল্লি
North Goa | Goa | उत्तरी गोवा, उत्तर गोवा | উত্তর গোয়া
North Sikkim | Sikkim | उत्तरी सिक्किम | উত্তর সিকিম
North Tripura | Tripura | उत्तर त्रिपुरा, उत्तरी त्रिपुरा | উত্তর ত্রিপুরা
North West Delhi | Delhi | उत्तर-पश्चिमी दिल्ली | উত্তর-পশ্চিম দিল্লি
Nuapada | Odisha | नुआपाड़ा | নুয়াপাড়া
Osmanabad | Maharashtra | धाराशिव, उस्मानाबाद | ধারাশিব, ওসমানাবাদ
Pakur | Jharkhand | पाकुड़ | পাকুড়
Palakkad | Kerala | पलक्कड़ | পালাক্কাড়, পালঘাট
Palamau | Jharkhand | पलामू | পালামৌ
Pali | Rajasthan | पाली | পালি
Panch Mahals | Gujarat | पंचमहाल | পঞ্চমহল
Panchkula | Haryana | पंचकूला | পঞ্চকুলা
Panipat | Haryana | पानीपत | পানিপত, পানিপথ
Panna | Madhya Pradesh | पन्ना | পান্না
Papum Pare | Arunachal Pradesh | पापुम पारे | পাপুম পারে
Parbhani | Maharashtra | परभणी | পরভনি, পরভণী
Paschim Bardhaman | West Bengal | पश्चिम बर्धमान | পশ্চিম বর্ধমান
Patan | Gujarat | पाटन | পাটন
Pathanamthitta | Kerala | पथनमथिट्टा, पतनमतिट्टा, पथानामथिट्टा | পথনমথিট্টা, পাথানামথিট্টা, পত্তনমতিট্টা
Pathankot | Punjab | पठानकोट | পাঠানকোট
Patiala | Punjab | पटियाला | পাতিয়ালা
Patna | Bihar | पटना | পটনা, পাটনা
Pauri Garhwal | Uttarakhand | पौड़ी गढ़वाल | পৌড়ি গাড়োয়াল
Peddapalli | Andhra Pradesh | पेद्दापल्ली | পেদ্দাপল্লি
Perambalur | Tamil Nadu | पेरम्बलूर | পেরাম্বালুর
Peren | Nagaland | पेरेन | পেরেন
Phek | Nagaland | फेक | ফেক
Pilibhit | Uttar Pradesh | पीलीभीत | পিলিভীত
Pithoragarh | Uttarakhand | पिथौरागढ़ | পিথোরাগড়
Pondicherry | Puducherry | पुडुचेरी, पांडिचेरी | পুদুচেরি, পন্ডিচেরি
Poonch | Jammu & Kashmir | पुंछ | পুঞ্চ
Porbandar | Gujarat | पोरबंदर | পোরবন্দর
Prakasam | Andhra Pradesh | प्रकाशम | প্রকাশম
Pratapgarh | Uttar Pradesh | प्रतापगढ़ | প্রতাপগড়
Pudukkottai | Tamil Nadu | पुदुक्कोट्टई | পুদুক্কোট্টাই
Pulwama | Jammu & Kashmir | पुलवामा | পুলওয়ামা
Pune | Maharashtra | पुणे, पूना | পুণে, পুনে
Purba Bardhaman | West Bengal | पूर्व बर्धमान | পূর্ব বর্ধমান
Puri | Odisha | पुरी | পুরী
Purnia | Bihar | पूर्णिया | পূর্ণিয়া
Purulia | West Bengal | पुरुलिया | পুরুলিয়া
Raebareli | Uttar Pradesh | रायबरेली | রায়বরেলি
Raichur | Karnataka | रायचूर | রায়চুর
Raigarh | Chhattisgarh | रायगढ़ | রায়গড়
Raigarh(MH) | Maharashtra | रायगढ़, रायगड | রায়গড়
Raipur | Chhattisgarh | रायपुर | রায়পুর
Raisen | Madhya Pradesh | रायसेन | রায়সেন
Rajanna Sircilla | Telangana | राजन्ना सिरसिल्ला | রাজান্না সিরসিল্লা
Rajauri | Jammu & Kashmir | राजौरी | রাজৌরি
Rajgarh | Madhya Pradesh | राजगढ़ | রাজগড়
Rajkot | Gujarat | राजकोट | রাজকোট
Rajnandgaon | Chhattisgarh | राजनांदगांव | রাজনন্দগাঁও, রাজনাঁদগাঁও
Rajsamand | Rajasthan | राजसमंद | রাজসমন্দ
Ramanagar | Karnataka | रामनगर, रामनगरा | রামনগর
Ramanathapuram | Tamil Nadu | रामनाथपुरम | রামনাথপুরম
Ramgarh | Jharkhand | रामगढ़ | রামগড়
Rampur | Uttar Pradesh | रामपुर | রামপুর
Ranchi | Jharkhand | रांची, राँची | রাঁচি, রাঁচী
Ratlam | Madhya Pradesh | रतलाम | রতলাম
Ratnagiri | Maharashtra | रत्नागिरी | রত্নগিরি, রত্নাগিরি
Rayagada | Odisha | रायगड़ा | রায়গড়া
Reasi | Jammu & Kashmir | रियासी | রিয়াসি
Rewa | Madhya Pradesh | रीवा | রেওয়া
Rewari | Haryana | रेवाड़ी | রেওয়াড়ি
Ri Bhoi | Meghalaya | री-भोई | রি-ভোই
Rohtak | Haryana | रोहतक | রোহতক
Rohtas | Bihar | रोहतास | রোহতাস
Ropar | Punjab | रोपड़ | রোপড়
Rudraprayag | Uttarakhand | रुद्रप्रयाग | রুদ্রপ্রয়াগ
Rupnagar | Punjab | रूपनगर | রূপনগর
Sabarkantha | Gujarat | साबरकांठा | সবরকাঁঠা
Sagar | Madhya Pradesh | सागर | সাগর
Saharanpur | Uttar Pradesh | सहारनपुर | সাহারানপুর
Saharsa | Bihar | सहरसा | সহরসা
Sahibganj | Jharkhand | साहिबगंज, साहेबगंज | সাহেবগঞ্জ, সাহিবগঞ্জ
Saiha | Mizoram | सियाहा, सइहा | সাইহা, সিয়াহা
Sainkheda | Madhya Pradesh | साईंखेड़ा, सांईखेड़ा, साईखेड़ा | সাঁইখেড়া, সাইখেড়া
Salem | Tamil Nadu | सेलम | সালেম
Samastipur | Bihar | समस्तीपुर | সমস্তিপুর
Samba | Jammu & Kashmir | सांबा | সাম্বা
Sambalpur | Odisha | संबलपुर | সম্বলপুর
Sangli | Maharashtra | सांगली | সাংলি
Sangrur | Punjab | संगरूर | সাংরুর, সঙ্গরুর
Sant Kabir Nagar | Uttar Pradesh | संत कबीर नगर, संतकबीरनगर | সন্ত কবীর নগর
Sant Ravidas Nagar | Uttar Pradesh | भदोही, संत रविदास नगर | ভদোহী, সন্ত রবিদাস নগর
Saran | Bihar | सारण | সারণ
Satara | Maharashtra | सतारा | সাতারা
Satna | Madhya Pradesh | सतना | সাতনা
Sawai Madhopur | Rajasthan | सवाई माधोपुर | সওয়াই মাধোপুর
Sehore | Madhya Pradesh | सीहोर | সিহোর
Senapati | Manipur | सेनापति | সেনাপতি
Seoni | Madhya Pradesh | सिवनी | সিওনি
Sepahijala | Tripura | सिपाहीजला | সিপাহিজলা, সিপাহীজলা
Seraikela-kharsawan | Jharkhand | सरायकेला-खरसावां | সরাইকেলা-খরসোয়াঁ
Serchhip | Mizoram | सेरछिप | সেরছিপ
Shahdol | Madhya Pradesh | शहडोल | শাহডোল
Shahjahanpur | Uttar Pradesh | शाहजहांपुर, शाहजहाँपुर | শাহজাহানপুর
Shajapur | Madhya Pradesh | शाजापुर | শাজাপুর
Sheikhpura | Bihar | शेखपुरा | শেখপুরা
Sheohar | Bihar | शिवहर | শিওহর, শিবহর
Sheopur | Madhya Pradesh | श्योपुर | শিওপুর
Shimla | Himachal Pradesh | शिमला | শিমলা
Shivamogga | Karnataka | शिवमोग्गा, शिमोगा | শিবমোগ্গা, শিমোগা
Shivpuri | Madhya Pradesh | शिवपुरी | শিবপুরী
Shopian | Jammu & Kashmir | शोपियां | শোপিয়ান
Shrawasti | Uttar Pradesh | श्रावस्ती | শ্রাবস্তী
Sibsagar | Assam | शिवसागर | শিবসাগর
Siddharthnagar | Uttar Pradesh | सिद्धार्थनगर | সিদ্ধার্থনগর
Siddipet | Telangana | सिद्दीपेट | সিদ্দিপেট
Sidhi | Madhya Pradesh | सीधी | সিধি
Sikar | Rajasthan | सीकर | সিকর
Simdega | Jharkhand | सिमडेगा | সিমডেগা
Sindhudurg | Maharashtra | सिंधुदुर्ग | সিন্ধুদুর্গ
Singrauli | Madhya Pradesh | सिंगरौली | সিংরৌলি
Sirmaur | Himachal Pradesh | सिरमौर | সিরমৌর
Sirohi | Rajasthan | सिरोही | সিরোহি
Sirsa | Haryana | सिरसा | সিরসা
Sitamarhi | Bihar | सीतामढ़ी | সীতামঢ়ী, সীতামারহি
Sitapur | Uttar Pradesh | सीतापुर | সীতাপুর
Sivaganga | Tamil Nadu | शिवगंगा | শিবগঙ্গা
Siwan | Bihar | सीवान | সিওয়ান
Solan | Himachal Pradesh | सोलन | সোলান
Solapur | Maharashtra | सोलापुर | সোলাপুর
Sonapur | Odisha | सोनपुर, सुबर्णपुर | সোনপুর, সুবর্ণপুর
Sonbhadra | Uttar Pradesh | सोनभद्र | সোনভদ্র
Sonipat | Haryana | सोनीपत | সোনিপত
Sonitpur | Assam | शोणितपुर | শোণিতপুর
South 24 Parganas | West Bengal | दक्षिण 24 परगना, दक्षिण चौबीस परगना | দক্ষিণ ২৪ পরগনা, দক্ষিণ চব্বিশ পরগনা
South Andaman | Andaman & Nicobar Islands | दक्षिण अंडमान | দক্ষিণ আন্দামান
South Delhi | Delhi | दक्षिणी दिल्ली | দক্ষিণ দিল্লি
South Dinajpur | West Bengal | दक्षिण दिनाजपुर | দক্ষিণ দিনাজপুর
South Garo Hills | Meghalaya | दक्षिणी गारो हिल्स | দক্ষিণ গারো পাহাড়, সাউথ গারো হিলস
South Goa | Goa | दक्षिणी गोवा, दक्षिण गोवा | দক্ষিণ গোয়া
South Sikkim | Sikkim | दक्षिणी सिक्किम | দক্ষিণ সিকিম
South Tripura | Tripura | दक्षिण त्रिपुरा, दक्षिणी त्रिपुरा | দক্ষিণ ত্রিপুরা
South West Delhi | Delhi | दक्षिण-पश्चिमी दिल्ली | দক্ষিণ-পশ্চিম দিল্লি
Srikakulam | Andhra Pradesh | श्रीकाकुलम | শ্রীকাকুলাম
Srinagar | Jammu & Kashmir | श्रीनगर | শ্রীনগর
Sultanpur | Uttar Pradesh | सुल्तानपुर | সুলতানপুর
Sundergarh | Odisha | सुंदरगढ़ | সুন্দরগড়
Supaul | Bihar | सुपौल | সুপৌল
Surat | Gujarat | सूरत | সুরাট, সুরত
Surendra Nagar | Gujarat | सुरेंद्रनगर | সুরেন্দ্রনগর
Surguja | Chhattisgarh | सरगुजा | সরগুজা
Suryapet | Telangana | सूर्यापेट | সূর্যাপেট
TIRUPPUR | Tamil Nadu | तिरुप्पुर | তিরুপ্পুর
Tamenglong | Manipur | तामेंगलोंग | তামেংলং
Tapi | Gujarat | तापी | তাপি
Tarn Taran | Punjab | तरनतारन | তরনতারন, তরন তারন
Tawang | Arunachal Pradesh | तवांग | তাওয়াং
Tehri Garhwal | Uttarakhand | टिहरी गढ़वाल | তেহরি গাড়োয়াল
Tengnoupal | Manipur | तेंगनौपाल | টেংনৌপাল
Thane | Maharashtra | ठाणे | থানে
Thanjavur | Tamil Nadu | तंजावुर, तंजौर | থাঞ্জাভুর, তাঞ্জাভুর, তাঞ্জোর
The Dangs | Gujarat | डांग | ডাং
Theni | Tamil Nadu | थेनी, तेनी | থেনি
Thiruvananthapuram | Kerala | तिरुवनंतपुरम, त्रिवेंद्रम | তিরুঅনন্তপুরম, তিরুবনন্তপুরম
Thoubal | Manipur | थौबल | থৌবাল
Thrissur | Kerala | त्रिशूर | ত্রিশূর
Tikamgarh | Madhya Pradesh | टीकमगढ़ | টিকমগড়
Tinsukia | Assam | तिनसुकिया | তিনসুকিয়া
Tirap | Arunachal Pradesh | तिरप | তিরাপ
Tiruchirappalli | Tamil Nadu | तिरुचिरापल्ली, त्रिची | তিরুচিরাপল্লি, ত্রিচি
Tirunelveli | Tamil Nadu | तिरुनेलवेली | তিরুনেলভেলি
Tiruvallur | Tamil Nadu | तिरुवल्लूर | তিরুভাল্লুর
Tiruvannamalai | Tamil Nadu | तिरुवन्नामलाई | তিরুভান্নামালাই
Tiruvarur | Tamil Nadu | तिरुवारूर | তিরুভারুর
Tonk | Rajasthan | टोंक | টোঙ্ক
Tuensang | Nagaland | तुएनसांग | টুয়েনসাং
Tumakuru | Karnataka | तुमकुरु, तुमकूर | তুমকুরু, টুমকুর
Tuticorin | Tamil Nadu | तूतीकोरिन, थूथुकुडी | তুতিকোরিন, থুথুকুডি
Udaipur | Rajasthan | उदयपुर | উদয়পুর
Udham Singh Nagar | Uttarakhand | ऊधम सिंह नगर | উধম সিং নগর
Udhampur | Jammu & Kashmir | उधमपुर | উধমপুর
Udupi | Karnataka | उडुपी | উডুপি
Ujjain | Madhya Pradesh | उज्जैन | উজ্জয়িনী, উজ্জৈন
Ukhrul | Manipur | उखरुल | উখরুল
Umaria | Madhya Pradesh | उमरिया | উমারিয়া
Una | Himachal Pradesh | ऊना | উনা
Unnao | Uttar Pradesh | उन्नाव | উন্নাও
Upper Siang | Arunachal Pradesh | अपर सियांग, ऊपरी सियांग | আপার সিয়াং, ঊর্ধ্ব সিয়াং
Upper Subansiri | Arunachal Pradesh | अपर सुबनसिरी, ऊपरी सुबनसिरी | আপার সুবনসিরি, ঊর্ধ্ব সুবনসিরি
Uttara Kannada | Karnataka | उत्तर कन्नड़ | উত্তর কন্নড়
Uttarkashi | Uttarakhand | उत्तरकाशी | উত্তরকাশী
Vadodara | Gujarat | वडोदरा | ভদোদরা, ভাদোদরা, বরোদা
Vaishali | Bihar | वैशाली | বৈশালী
Valsad | Gujarat | वलसाड | ভালসাড, বলসাড
Varanasi | Uttar Pradesh | वाराणसी, बनारस | বারাণসী, বেনারস
Vellore | Tamil Nadu | वेल्लोर | ভেলোর
Vidisha | Madhya Pradesh | विदिशा | বিদিশা
Vijayapura | Karnataka | विजयपुरा, बीजापुर | বিজয়পুরা, বিজাপুর
Villupuram | Tamil Nadu | विल्लुपुरम | ভিল্লুপুরম
Virudhunagar | Tamil Nadu | विरुधुनगर | বিরুধুনগর
Visakhapatnam | Andhra Pradesh | विशाखापत्तनम, विशाखापट्टनम | বিশাখাপত্তনম
Vizianagaram | Andhra Pradesh | विजयनगरम | বিজয়নগরম, ভিজিয়ানাগ্রাম
Warangal | Telangana | वारंगल | ওয়ারাঙ্গল
Wardha | Maharashtra | वर्धा | ওয়ার্ধা
Washim | Maharashtra | वाशिम | ওয়াশিম
Wayanad | Kerala | वायनाड | ওয়েনাড়, ওয়ানাড়
West Champaran | Bihar | पश्चिमी चंपारण | পশ্চিম চম্পারণ
West Delhi | Delhi | पश्चिमी दिल्ली | পশ্চিম দিল্লি
West Garo Hills | Meghalaya | पश्चिमी गारो हिल्स | পশ্চিম গারো পাহাড়, ওয়েস্ট গারো হিলস
West Godavari | Andhra Pradesh | पश्चिमी गोदावरी | পশ্চিম গোদাবরী
West Kameng | Arunachal Pradesh | पश्चिमी कामेंग | পশ্চিম কামেং
West Khasi Hills | Meghalaya | पश्चिमी खासी हिल्स | পশ্চিম খাসি পাহাড়, ওয়েস্ট খাসি হিলস
West Midnapore | West Bengal | पश्चिम मेदिनीपुर, पश्चिमी मेदिनीपुर | পশ্চিম মেদিনীপুর
West Nimar | Madhya Pradesh | पश्चिमी निमाड़, खरगोन | পশ্চিম নিমাড়, খরগোন
West Siang | Arunachal Pradesh | पश्चिमी सियांग | পশ্চিম সিয়াং
West Sikkim | Sikkim | पश्चिमी सिक्किम | পশ্চিম সিকিম
West Singhbhum | Jharkhand | पश्चिमी सिंहभूम | পশ্চিম সিংভূম
West Tripura | Tripura | पश्चिम त्रिपुरा, पश्चिमी त्रिपुरा | পশ্চিম ত্রিপুরা
Wokha | Nagaland | वोखा | ওখা
Yadgir | Karnataka | यादगीर | ইয়াদগির
Yamuna Nagar | Haryana | यमुनानगर | যমুনানগর
Yavatmal | Maharashtra | यवतमाल | যবতমাল, ইয়াবতমল
Zunhebotto | Nagaland | जुन्हेबोटो | জুনহেবোটো
`;

export const TOWNS = `
Bilaspur | Chhattisgarh | बिलासपुर | বিলাসপুর
Raigarh | Chhattisgarh | रायगढ़ | রায়গড়
Abohar | Punjab | अबोहर | আবোহার, অবোহর
Achalpur | Maharashtra | अचलपुर | অচলপুর
Adityapur | Jharkhand | आदित्यपुर | আদিত্যপুর
Adoni | Andhra Pradesh | आदोनी, अडोनी | আদোনি, আডোনি
Ahmednagar | Maharashtra | अहिल्यानगर, अहमदनगर | অহিল্যানগর, আহমেদনগর, আহমদনগর
Airoli | Maharashtra | ऐरोली | ঐরোলি, আইরোলি
Akbarpur | Uttar Pradesh | अकबरपुर | আকবরপুর
Alandur | Tamil Nadu | आलंदूर, अलंदूर | আলান্দুর
Ambattur | Tamil Nadu | अंबत्तूर, अम्बत्तूर | আম্বাত্তুর, অম্বত্তুর
Ambernath | Maharashtra | अंबरनाथ, अम्बरनाथ | অম্বরনাথ, আম্বারনাথ
Ambikapur | Chhattisgarh | अंबिकापुर, अम्बिकापुर | অম্বিকাপুর
Ambur | Tamil Nadu | आंबूर, अंबूर | আম্বুর
Amroha | Uttar Pradesh | अमरोहा | আমরোহা
Arrah | Bihar | आरा | আরা, আররা
Asoknagar | West Bengal | अशोकनगर कल्याणगढ़ | অশোকনগর কল্যাণগড়, অশোকনগর
Avadi | Tamil Nadu | आवडी | আভাদি, আবাডি
Badlapur | Maharashtra | बदलापुर | বদলাপুর
Bagaha | Bihar | बगहा | বগহা, বাগাহা
Bahadurgarh | Haryana | बहादुरगढ़ | বাহাদুরগড়
Baidyabati | West Bengal | बैद्यबाटी | বৈদ্যবাটী, বৈদ্যবাটি
Balasore | Odisha | बालासोर, बालेश्वर | বালেশ্বর, বালাসোর
Bally | West Bengal | बाली | বালি
Balurghat | West Bengal | बालुरघाट | বালুরঘাট
Bangaon | West Bengal | बनगांव, बनगाँव | বনগাঁ
Bansberia | West Bengal | बांसबेड़िया | বাঁশবেড়িয়া
Baranagar | West Bengal | बरानगर, बड़ानगर | বরানগর
Barasat | West Bengal | बारासात | বারাসত
Baripada | Odisha | बारिपदा, बारीपदा | বারিপদা
Barrackpore | West Bengal | बैरकपुर | ব্যারাকপুর
Barshi | Maharashtra | बार्शी | বার্শি
Basirhat | West Bengal | बशीरहाट, बसीरहाट | বসিরহাট
Batala | Punjab | बटाला | বাটালা, বটালা
Beawar | Rajasthan | ब्यावर | ব্যাওয়ার, বেওয়ার
Belapur | Maharashtra | बेलापुर, सीबीडी बेलापुर | বেলাপুর, সিবিডি বেলাপুর
Belgaum | Karnataka | बेलगावी, बेलगाम | বেলগাভি, বেলগাঁও, বেলগাম
Bellary | Karnataka | बेल्लारी, बल्लारी | বেল্লারি, বল্লারি
Berhampore | West Bengal | बहरमपुर | বহরমপুর
Berhampur | Odisha | ब्रह्मपुर, बरहमपुर | ব্রহ্মপুর, বেরহামপুর
Bettiah | Bihar | बेतिया | বেতিয়া
Bhadravati | Karnataka | भद्रावती | ভদ্রাবতী
Bhadreswar | West Bengal | भद्रेश्वर | ভদ্রেশ্বর
Bhatpara | West Bengal | भाटपाड़ा | ভাটপাড়া
Bhayander | Maharashtra | भायंदर, भाईंदर | ভায়ান্দর, ভাইন্দর
Bhilai | Chhattisgarh | भिलाई | ভিলাই
Bhimavaram | Andhra Pradesh | भीमावरम, भीमवरम | ভীমাবরম, ভীমবরম
Bhiwandi | Maharashtra | भिवंडी | ভিওয়ান্ডি, ভিবন্ডি
Bhuj | Gujarat | भुज | ভুজ
Bhusawal | Maharashtra | भुसावल | ভুসাওয়াল, ভুসাবল
Bidhan Nagar | West Bengal | विधाननगर, बिधाननगर, साल्टलेक, सॉल्टलेक | বিধাননগর, সল্টলেক
Biharsharif | Bihar | बिहारशरीफ, बिहार शरीफ | বিহারশরিফ, বিহার শরিফ
Bijapur | Karnataka | विजयपुरा | বিজয়পুরা, বিজাপুর
Botad | Gujarat | बोटाद | বোটাদ
Burari | Delhi | बुराड़ी, बुरारी | বুরারি, বুরাড়ি
Champdani | West Bengal | चांपदानी | চাঁপদানি, চাঁপদানী
Chandannagar | West Bengal | चंदननगर, चंद्रनगर | চন্দননগর
Chandausi | Uttar Pradesh | चंदौसी | চন্দৌসি, চান্দৌসি
Chapra | Bihar | छपरा | ছাপরা, ছপরা
Chas | Jharkhand | चास | চাস
Chikmagalur | Karnataka | चिक्कमगलुरु, चिकमगलूर | চিক্কামাগালুরু, চিকমাগালুর
Chilakaluripet | Andhra Pradesh | चिलकलूरिपेट, चिलकलुरिपेट | চিলাকালুরিপেট, চিলকলুরিপেট
Chinchwad | Maharashtra | चिंचवड, चिंचवड़ | চিঞ্চওয়াড়, চিঞ্চোয়াড়
Chinsurah | West Bengal | चुंचुड़ा, चिनसुरा, हुगली-चुंचुड़ा | চুঁচুড়া, হুগলি-চুঁচুড়া
Danapur | Bihar | दानापुर | দানাপুর
Dankuni | West Bengal | डानकुनी, डनकुनी | ডানকুনি
Darjeeling | West Bengal | दार्जिलिंग | দার্জিলিং
Dehri | Bihar | डेहरी, डेहरी ऑन सोन | ডেহরি, ডেহরি অন সোন
Deoli | Delhi | देवली, देओली | দেওলি
Dharmavaram | Andhra Pradesh | धर्मावरम, धर्मवरम | ধর্মাবরম, ধর্মবরম
Disa | Gujarat | डीसा, दीसा | ডিসা, দীসা
Dombivali | Maharashtra | डोंबिवली, डोम्बिवली | ডোম্বিভলি, ডোম্বিবলি
Dumdum | West Bengal | दमदम, दक्षिण दमदम, उत्तर दमदम | দমদম, দক্ষিণ দমদম, উত্তর দমদম
Eluru | Andhra Pradesh | एलुरु, एलूरु | এলুরু
Gandhidham | Gujarat | गांधीधाम, गाँधीधाम | গান্ধীধাম
Gangapur | Rajasthan | गंगापुर सिटी, गंगापुर | গঙ্গাপুর সিটি, গঙ্গাপুর
Gangavati | Karnataka | गंगावती | গঙ্গাবতী
Ghansoli | Maharashtra | घणसोली, घनसोली | ঘনসোলি, ঘণসোলি
Godhra | Gujarat | गोधरा | গোধরা
Gondal | Gujarat | गोंडल | গোন্ডাল, গোণ্ডল
Gudivada | Andhra Pradesh | गुडिवाडा, गुडीवाडा | গুডিভাডা, গুডিবাডা
Gulbarga | Karnataka | कलबुर्गी, गुलबर्गा | কলবুর্গি, গুলবর্গা
Guntakal | Andhra Pradesh | गुंतकल, गुंटकल | গুন্টাকল, গুন্তকল
Habra | West Bengal | हाबड़ा | হাবড়া
Hajipur | Bihar | हाजीपुर | হাজিপুর, হাজীপুর
Haldia | West Bengal | हल्दिया | হলদিয়া
Haldwani | Uttarakhand | हल्द्वानी | হলদোয়ানি, হলদ্বানি
Halishahar | West Bengal | हालीशहर | হালিশহর
Hastal | Delhi | हस्तसाल, हस्तल | হস্তসাল
Hindaun | Rajasthan | हिंडौन, हिण्डौन, हिंडौन सिटी | হিন্ডৌন, হিণ্ডৌন
Hindupur | Andhra Pradesh | हिंदूपुर, हिन्दूपुर | হিন্দুপুর
Hinganghat | Maharashtra | हिंगनघाट | হিঙ্গনঘাট, হিংগনঘাট
Hospet | Karnataka | होसपेट, होस्पेट, होसापेटे | হসপেট, হোসপেট, হোসাপেটে
Hosur | Tamil Nadu | होसुर, होसूर | হোসুর
Ichalkaranji | Maharashtra | इचलकरंजी | ইচলকরঞ্জি, ইচলকরাঞ্জি
Itarsi | Madhya Pradesh | इटारसी | ইটারসি
Jagadhri | Haryana | जगाधरी | জগাধরি, জগাধ্রি
Jagdalpur | Chhattisgarh | जगदलपुर | জগদলপুর
Jagtial | Telangana | जगतियाल, जगित्याल | জগতিয়াল, জগিত্যাল
Jamalpur | Bihar | जमालपुर | জামালপুর
Jamshedpur | Jharkhand | जमशेदपुर, टाटानगर | জামশেদপুর, টাটানগর
Jamuria | West Bengal | जामुड़िया | জামুড়িয়া
Jetpur | Gujarat | जेतपुर | জেতপুর
Jhunjhunu | Rajasthan | झुंझुनूं, झुंझुनू | ঝুনঝুনু, ঝুনঝুনুঁ
Kakinada | Andhra Pradesh | काकीनाडा, काकिनाडा | কাকিনাড়া, কাকিনাডা
Kalamboli | Maharashtra | कलंबोली, कळंबोली | কলম্বোলি, কালাম্বোলি
Kalol | Gujarat | कलोल | কলোল, কালোল
Kalyani | West Bengal | कल्याणी | কল্যাণী
Kamarhati | West Bengal | कमरहट्टी, कामारहाटी | কামারহাটি
Kamothe | Maharashtra | कामोठे | কামোঠে, কামোথে
Kanchrapara | West Bengal | कांचरापाड़ा | কাঁচরাপাড়া
Karaikudi | Tamil Nadu | कराईकुडी, कारैकुडी | কারাইকুডি, কারাইকুড়ি
Karawal Nagar | Delhi | करावल नगर | করাওয়াল নগর, করাবল নগর
Karimnagar | Telangana | करीमनगर | করিমনগর
Kasganj | Uttar Pradesh | कासगंज | কাসগঞ্জ
Kashipur | Uttarakhand | काशीपुर | কাশীপুর
Khanna | Punjab | खन्ना | খান্না
Kharagpur | West Bengal | खड़गपुर | খড়্গপুর, খড়গপুর
Khardah | West Bengal | खड़दह, खरदह | খড়দহ, খড়দা
Kharghar | Maharashtra | खारघर | খারঘর
Khurja | Uttar Pradesh | खुर्जा | খুরজা
Kirari | Delhi | किराड़ी, किराड़ी सुलेमान नगर, किरारी | কিরাড়ি, কিরারি
Kishangarh | Rajasthan | किशनगढ़ | কিষাণগড়, কিশনগড়
Kochi | Kerala | कोच्चि, कोचीन | কোচি, কোচিন
Kopar Khairne | Maharashtra | कोपरखैरणे, कोपर खैरणे, कोपरखैरने | কোপারখৈরনে, কোপার খৈরানে
Krishnanagar | West Bengal | कृष्णनगर | কৃষ্ণনগর
Kulti | West Bengal | कुल्टी | কুলটি
Kumbakonam | Tamil Nadu | कुंभकोणम, कुम्भकोणम | কুম্ভকোণম, কুম্বকোনম
Lakhimpur | Uttar Pradesh | लखीमपुर, लखीमपुर खीरी | লখিমপুর খেরি, লখিমপুর
Loni | Uttar Pradesh | लोनी | লোনি
Machilipatnam | Andhra Pradesh | मछलीपट्टनम, मछलीपत्तनम | মছলিপত্তনম, মছলিপট্টনম
Madanapalle | Andhra Pradesh | मदनपल्ले, मदनपल्ली | মদনপল্লে, মদনপল্লি
Madhavaram | Tamil Nadu | माधवरम | মাধবরম, মাধাভরম
Madhyamgram | West Bengal | मध्यमग्राम | মধ্যমগ্রাম
Mahabubnagar | Telangana | महबूबनगर | মাহবুবনগর, মেহবুবনগর
Maheshtala | West Bengal | महेशतला | মহেশতলা
Malegaon | Maharashtra | मालेगांव, मालेगाँव | মালেগাঁও
Malerkotla | Punjab | मलेरकोटला | মালেরকোটলা, মলেরকোটলা
Mangalore | Karnataka | मंगलुरु, मंगलौर, मैंगलोर | ম্যাঙ্গালোর, ম্যাঙ্গালুরু, মেঙ্গালুরু
Mango | Jharkhand | मानगो | মানগো
Midnapore | West Bengal | मेदिनीपुर, मिदनापुर | মেদিনীপুর
Mira Road | Maharashtra | मीरा रोड, मीरा-भायंदर, मीरा भायंदर | মীরা রোড, মীরা-ভায়ান্দর
Miraj | Maharashtra | मिरज | মিরাজ, মিরজ
Miryalguda | Telangana | मिर्यालगुडा, मिरयालगुडा | মিরিয়ালগুডা, মির্যালগুডা
Modi Nagar | Uttar Pradesh | मोदीनगर, मोदी नगर | মোদীনগর, মোদিনগর
Motihari | Bihar | मोतिहारी | মোতিহারি, মোতিহারী
Mugalsarai | Uttar Pradesh | पंडित दीनदयाल उपाध्याय नगर, मुगलसराय, मुग़लसराय, दीनदयाल उपाध्याय नगर, डीडीयू नगर | পণ্ডিত দীনদয়াল উপাধ্যায় নগর, মোগলসরাই, মুঘলসরাই
Murad Nagar | Uttar Pradesh | मुरादनगर | মুরাদনগর
Nabadwip | West Bengal | नवद्वीप, नबद्वीप | নবদ্বীপ
Nadiad | Gujarat | नडियाद, नाडियाड | নাদিয়াদ, নড়িয়াদ
Nagda | Madhya Pradesh | नागदा | নাগদা
Nagercoil | Tamil Nadu | नागरकोइल | নাগেরকোইল, নাগরকোইল
Naihati | West Bengal | नैहाटी | নৈহাটি
Nandyal | Andhra Pradesh | नंदयाल, नांदयाल | নান্দিয়াল, নন্দ্যাল
Nangloi | Delhi | नांगलोई, नांगलोई जाट | নাংলোই, নাঙ্গলোই
Narasaraopet | Andhra Pradesh | नरसरावपेट, नरसरावपेटा | নরসরাওপেট, নরসারাওপেট
Nerul | Maharashtra | नेरुल, नेरूळ | নেরুল
Neyveli | Tamil Nadu | नेवेली, नेयवेली | নেভেলি, নেয়ভেলি
Noida | Uttar Pradesh | नोएडा, नोयडा | নয়ডা, নোইডা
Ongole | Andhra Pradesh | ओंगोल | ওঙ্গোল, অঙ্গোল
Orai | Uttar Pradesh | उरई | উরাই, উরই
Ozhugarai | Puducherry | ओझुकरई, ओझुकराई | ওঝুকারাই, ওজুকারাই
Palanpur | Gujarat | पालनपुर | পালনপুর
Pallavaram | Tamil Nadu | पल्लावरम, पल्लवरम | পল্লাবরম, পল্লভরম
Palwal | Haryana | पलवल | পালওয়াল, পলওয়াল
Panihati | West Bengal | पानीहाटी | পানিহাটি
Panvel | Maharashtra | पनवेल | পানভেল, পনভেল
Phagwara | Punjab | फगवाड़ा | ফাগওয়াড়া
Pithampur | Madhya Pradesh | पीथमपुर | পীথমপুর, পিথমপুর
Proddatur | Andhra Pradesh | प्रोद्दुटूर, प्रोद्दातुर | প্রোদ্দাতুর, প্রোদ্দুটুর
Purnea | Bihar | पूर्णिया, पूर्णियां | পূর্ণিয়া
Raiganj | West Bengal | रायगंज | রায়গঞ্জ
Rajahmundry | Andhra Pradesh | राजमुंदरी, राजमहेंद्रवरम, राजमहेंद्री | রাজামুন্দ্রি, রাজমহেন্দ্রবরম
Rajapalayam | Tamil Nadu | राजपलायम, राजापालयम | রাজাপালায়ম, রাজপালায়ম
Rajarhat | West Bengal | राजारहाट, राजारहाट-गोपालपुर | রাজারহাট, রাজারহাট-গোপালপুর
Rajpura | Punjab | राजपुरा | রাজপুরা
Ramagundam | Telangana | रामागुंडम, रामगुंडम | রামাগুন্ডম, রামগুণ্ডম
Ranebennur | Karnataka | राणेबेन्नूर, रानीबेन्नूर | রানেবেন্নুর, রানিবেন্নুর
Raniganj | West Bengal | रानीगंज | রানিগঞ্জ, রানীগঞ্জ
Rishikesh | Uttarakhand | ऋषिकेश | হৃষীকেশ, ঋষিকেশ
Rishra | West Bengal | रिसड़ा | রিষড়া
Robertsonpet | Karnataka | रॉबर्ट्सनपेट, कोलार गोल्ड फील्ड्स, केजीएफ | রবার্টসনপেট, কোলার গোল্ড ফিল্ডস
Roorkee | Uttarakhand | रुड़की | রুড়কি
Rourkela | Odisha | राउरकेला | রাউরকেলা, রৌরকেলা, রৌরকেল্লা
Sambhal | Uttar Pradesh | संभल, सम्भल | সম্ভল
Sanpada | Maharashtra | सानपाड़ा, सानपाडा | সানপাড়া
Santipur | West Bengal | शांतिपुर | শান্তিপুর
Sasaram | Bihar | सासाराम, सहसराम | সাসারাম, সহসরাম
Secunderabad | Telangana | सिकंदराबाद, सिकन्दराबाद | সেকেন্দ্রাবাদ, সেকান্দারাবাদ
Serampore | West Bengal | श्रीरामपुर, सेरामपुर | শ্রীরামপুর
Shamli | Uttar Pradesh | शामली | শামলি
Shikohabad | Uttar Pradesh | शिकोहाबाद | শিকোহাবাদ
Shimoga | Karnataka | शिवमोग्गा, शिमोगा | শিবমোগ্গা, শিমোগা
Silchar | Assam | सिलचर | শিলচর
Sonarpur | West Bengal | सोनारपुर, राजपुर-सोनारपुर | সোনারপুর, রাজপুর-সোনারপুর
Sriganganagar | Rajasthan | श्रीगंगानगर, गंगानगर | শ্রীগঙ্গানগর, গঙ্গানগর
Sujangarh | Rajasthan | सुजानगढ़ | সুজানগড়
Sultanpuri | Delhi | सुल्तानपुरी, सुलतानपुरी, सुल्तानपुर माजरा | সুলতানপুরী, সুলতানপুরি
Surendranagar | Gujarat | सुरेंद्रनगर | সুরেন্দ্রনগর
Tadepalligudem | Andhra Pradesh | ताडेपल्लीगुडेम, तादेपल्लीगुडेम | তাডেপল্লিগুডেম
Tadpatri | Andhra Pradesh | ताडिपत्री, ताड़िपत्री, ताडपत्री | তাডিপত্রি, তাড়িপত্রি
Tambaram | Tamil Nadu | तांबरम, ताम्बरम | তাম্বারাম, তাম্বরম
Tenali | Andhra Pradesh | तेनाली | তেনালি
Thanesar | Haryana | थानेसर, थानेश्वर | থানেশ্বর, থানেসর
Tirupati | Andhra Pradesh | तिरुपति | তিরুপতি
Tiruvottiyur | Tamil Nadu | तिरुवोट्टियूर, तिरुवत्तियूर | তিরুভোট্টিয়ুর, তিরুবোট্টিয়ুর
Titagarh | West Bengal | टीटागढ़ | টিটাগড়
Tumkur | Karnataka | तुमकुरु, तुमकूर | তুমকুরু, টুমকুর
Turbhe | Maharashtra | तुर्भे | তুর্ভে
Udgir | Maharashtra | उदगीर | উদগির, উদগীর
Ulhasnagar | Maharashtra | उल्हासनगर | উলহাসনগর, উল্লাসনগর
Uluberia | West Bengal | उलुबेड़िया | উলুবেড়িয়া
Uttarpara | West Bengal | उत्तरपाड़ा | উত্তরপাড়া
Vapi | Gujarat | वापी | ভাপি, বাপি
Veraval | Gujarat | वेरावल | ভেরাভল, বেরাবল
Virar | Maharashtra | विरार | বিরার, ভিরার
Yamunanagar | Haryana | यमुनानगर | যমুনানগর
`;

export const AREAS = `
Salt Lake | West Bengal | साल्ट लेक, साल्टलेक | সল্টলেক, সল্ট লেক
Tollygunge | West Bengal | टॉलीगंज, टालीगंज | টালিগঞ্জ
Ballygunge | West Bengal | बालीगंज | বালিগঞ্জ
Dum Dum | West Bengal | दमदम, दम दम | দমদম
Jadavpur | West Bengal | जादवपुर | যাদবপুর
Esplanade | West Bengal | एस्प्लेनेड, धर्मतला | এসপ্ল্যানেড, ধর্মতলা
Park Street | West Bengal | पार्क स्ट्रीट | পার্ক স্ট্রিট
Gariahat | West Bengal | गड़ियाहाट, गरियाहाट | গড়িয়াহাট
Shyambazar | West Bengal | श्यामबाज़ार, श्यामबाजार | শ্যামবাজার
Behala | West Bengal | बेहाला | বেহালা
Garia | West Bengal | गड़िया, गरिया | গড়িয়া
Rajarhat | West Bengal | राजारहाट | রাজারহাট
Dakshineswar | West Bengal | दक्षिणेश्वर | দক্ষিণেশ্বর
Belgharia | West Bengal | बेलघरिया | বেলঘরিয়া
New Town | West Bengal | न्यू टाउन | নিউ টাউন
Connaught Place | Delhi | कनॉट प्लेस, कनाट प्लेस | কনট প্লেস, কনৌট প্লেস
Darya Ganj | Delhi | दरियागंज, दरिया गंज | দরিয়াগঞ্জ
Chandni Chowk | Delhi | चांदनी चौक, चाँदनी चौक | চাঁদনি চক, চাঁদনী চক
Pahar Ganj | Delhi | पहाड़गंज, पहाड़ गंज | পাহাড়গঞ্জ
Hauz Khas | Delhi | हौज़ ख़ास, हौज खास | হৌজ খাস
Saket | Delhi | साकेत | সাকেত
Dwarka | Delhi | द्वारका | দ্বারকা
Rohini | Delhi | रोहिणी | রোহিণী
Janakpuri | Delhi | जनकपुरी | জনকপুরী
Mayur Vihar | Delhi | मयूर विहार | ময়ূর বিহার
Vasant Kunj | Delhi | वसंत कुंज | বসন্ত কুঞ্জ
Sarojini Nagar | Delhi | सरोजिनी नगर | সরোজিনী নগর
Laxmi Nagar | Delhi | लक्ष्मी नगर | লক্ষ্মী নগর
Shahdara | Delhi | शाहदरा | শাহদরা
Karol Bagh | Delhi | करोल बाग | করোল বাগ
Lajpat Nagar | Delhi | लाजपत नगर | লাজপত নগর
Andheri | Maharashtra | अंधेरी | আন্ধেরি
Bandra | Maharashtra | बांद्रा, बान्द्रा | বান্দ্রা
Dadar | Maharashtra | दादर | দাদর
Borivali | Maharashtra | बोरीवली, बोरिवली | বোরিভালি
Colaba | Maharashtra | कोलाबा | কোলাবা
Kurla | Maharashtra | कुर्ला | কুর্লা
Ghatkopar | Maharashtra | घाटकोपर | ঘাটকোপার
Chembur | Maharashtra | चेंबूर, चेम्बूर | চেম্বুর
Malad | Maharashtra | मालाड, मलाड | মালাড
Churchgate | Maharashtra | चर्चगेट | চার্চগেট
`;
