/**
 * @module The text the realistic generators pick from, written out: faker's English (`@faker-js/faker`
 * 10) drawn with seed 20240601 in the order of `corpus.test.ts`'s recipe, one list per kind of text.
 * Written out rather than drawn at start-up: loading faker and drawing cost ~40 ms of every run, for
 * lists that never change. `corpus.test.ts` proves they are still exactly what that draw returns.
 */

/** A list written as one `|`-separated string (no entry holds a `|`). */
const list = (s: string): readonly string[] => s.split('|');

/** The pre-generated text lists (see the module comment). */
export const CORPUS_TEXT = {
  questions: list(
    'Try to compress the TCP bus, maybe it will generate the optical protocol! Can you explain?|Try to program the ' +
      'JBOD interface, maybe it will compress the neural array! What does that mean?|We need to copy the haptic SMTP ' +
      'protocol! Why?|We need to back up the digital JBOD feed! Can you explain?|The RAM pixel is down, back up the ' +
      'multi-byte bandwidth so we can reboot the COM protocol! Summarise this in one sentence.|If we program the port, ' +
      "we can get to the SAS hard drive through the mobile AI pixel! Why?|synthesizing the sensor won't do anything, " +
      'we need to connect the back-end PCI pixel! Summarise this in one sentence.|Use the 1080p OCR driver, then you ' +
      'can transmit the redundant pixel! Can you explain?|We need to index the neural API firewall! Why?|The TCP pixel ' +
      'is down, hack the bluetooth microchip so we can compress the SMS hard drive! Why?|Try to synthesize the AGP ' +
      "protocol, maybe it will input the digital firewall! Summarise this in one sentence.|You can't generate the port " +
      "without quantifying the 1080p VGA array! Can you explain?|bypassing the circuit won't do anything, we need to " +
      'compress the mobile RSS panel! Why?|Use the open-source GB system, then you can quantify the neural monitor! ' +
      'Summarise this in one sentence.|Use the mobile JSON array, then you can connect the digital system! Can you ' +
      "explain?|I'll calculate the 1080p THX microchip, that should pixel the THX hard drive! What does that mean?|We " +
      "need to hack the bluetooth GB sensor! Why?|hacking the transmitter won't do anything, we need to compress the " +
      'virtual JBOD application! Why?|Try to synthesize the SMTP sensor, maybe it will generate the cross-platform ' +
      'feed! Can you explain?|Use the redundant GB feed, then you can index the primary hard drive! Why?|Try to ' +
      'calculate the SQL firewall, maybe it will reboot the solid state interface! What does that mean?|Try to ' +
      "calculate the RAM transmitter, maybe it will back up the neural driver! Why?|You can't calculate the feed " +
      "without compressing the digital CLI port! Can you explain?|transmitting the sensor won't do anything, we need " +
      'to synthesize the cross-platform HEX feed! What does that mean?|The IB microchip is down, synthesize the ' +
      "virtual circuit so we can transmit the ADP capacitor! Can you explain?|I'll parse the auxiliary THX pixel, that " +
      "should hard drive the SMS card! Why?|bypassing the array won't do anything, we need to parse the back-end THX " +
      'matrix! Why?|Try to program the HTTP card, maybe it will compress the haptic interface! What does that mean?|' +
      "I'll program the open-source SDD interface, that should circuit the SDD transmitter! What does that mean?|" +
      "quantifying the alarm won't do anything, we need to reboot the wireless COM application! Can you explain?|" +
      "backing up the application won't do anything, we need to index the haptic PCI matrix! Why?|We need to bypass " +
      'the back-end VGA feed! What does that mean?|We need to quantify the 1080p USB transmitter! Summarise this in ' +
      "one sentence.|We need to back up the virtual XML feed! What does that mean?|You can't index the panel without " +
      "calculating the 1080p HEX circuit! Can you explain?|You can't calculate the circuit without quantifying the " +
      "optical RAM program! Can you explain?|calculating the panel won't do anything, we need to override the " +
      'auxiliary SAS port! What does that mean?|Use the back-end RSS protocol, then you can navigate the virtual ' +
      "program! Can you explain?|transmitting the monitor won't do anything, we need to transmit the back-end CLI " +
      "monitor! What does that mean?|We need to parse the multi-byte UTF8 matrix! Why?|You can't navigate the array " +
      'without quantifying the mobile IP alarm! What does that mean?|Try to parse the IP bus, maybe it will connect ' +
      'the virtual capacitor! What does that mean?|Use the optical ADP alarm, then you can index the redundant array! ' +
      "What does that mean?|quantifying the microchip won't do anything, we need to back up the mobile SAS hard drive! " +
      "Why?|connecting the transmitter won't do anything, we need to connect the open-source FTP matrix! Can you " +
      'explain?|Try to override the UTF8 microchip, maybe it will transmit the mobile matrix! Can you explain?|' +
      "synthesizing the array won't do anything, we need to quantify the multi-byte RAM monitor! Summarise this in one " +
      'sentence.|If we quantify the bus, we can get to the SSL alarm through the solid state IP array! Summarise this ' +
      'in one sentence.|Use the wireless RSS alarm, then you can copy the virtual monitor! Can you explain?|We need to ' +
      "index the wireless PCI card! Why?|overriding the capacitor won't do anything, we need to calculate the " +
      "redundant HTTP system! What does that mean?|You can't bypass the monitor without generating the optical SAS " +
      "monitor! Summarise this in one sentence.|We need to parse the primary USB feed! Can you explain?|I'll parse the " +
      'optical SCSI driver, that should microchip the FTP transmitter! Why?|Try to hack the IP pixel, maybe it will ' +
      'synthesize the neural firewall! Summarise this in one sentence.|Try to bypass the TLS circuit, maybe it will ' +
      'calculate the wireless driver! Why?|We need to reboot the bluetooth GB card! What does that mean?|We need to ' +
      'compress the multi-byte SSL pixel! Can you explain?|Try to program the TLS array, maybe it will transmit the ' +
      'auxiliary circuit! What does that mean?|If we quantify the hard drive, we can get to the IB alarm through the ' +
      '1080p CLI bus! Can you explain?|The IP protocol is down, back up the back-end circuit so we can navigate the ' +
      "VGA sensor! What does that mean?|I'll reboot the redundant HDD microchip, that should protocol the UDP feed! " +
      'What does that mean?|We need to connect the auxiliary JBOD bandwidth! What does that mean?|We need to parse the ' +
      'bluetooth DNS bus! Why?|Use the redundant UDP application, then you can transmit the neural feed! What does ' +
      "that mean?|Try to transmit the SMTP pixel, maybe it will calculate the bluetooth panel! Why?|I'll hack the " +
      'back-end ADP alarm, that should monitor the COM microchip! Can you explain?|The CLI circuit is down, navigate ' +
      "the cross-platform pixel so we can generate the SMTP sensor! What does that mean?|I'll transmit the digital RAM " +
      'monitor, that should port the RAM program! Summarise this in one sentence.|If we synthesize the pixel, we can ' +
      'get to the XSS panel through the solid state SAS bandwidth! Summarise this in one sentence.|The USB matrix is ' +
      'down, quantify the primary port so we can bypass the DNS interface! What does that mean?|If we index the ' +
      'bandwidth, we can get to the SQL monitor through the online IB microchip! Summarise this in one sentence.|' +
      "hacking the transmitter won't do anything, we need to program the optical ASCII bus! Summarise this in one " +
      "sentence.|I'll generate the redundant IB array, that should port the XML monitor! Why?|We need to generate the " +
      'cross-platform EXE hard drive! Can you explain?|Use the cross-platform CLI program, then you can copy the ' +
      'digital driver! Summarise this in one sentence.|Try to index the TCP alarm, maybe it will navigate the optical ' +
      'bus! Why?|Use the primary AGP monitor, then you can parse the wireless bandwidth! Can you explain?|programming ' +
      "the protocol won't do anything, we need to index the open-source PNG monitor! Can you explain?|Use the " +
      "cross-platform EXE array, then you can reboot the redundant alarm! Summarise this in one sentence.|You can't " +
      'quantify the application without copying the solid state IP transmitter! Why?|If we override the application, ' +
      "we can get to the HEX transmitter through the mobile USB array! Can you explain?|navigating the circuit won't " +
      'do anything, we need to parse the auxiliary SMTP monitor! Why?|If we index the transmitter, we can get to the ' +
      "HTTP microchip through the solid state PNG circuit! Why?|You can't calculate the port without quantifying the " +
      'optical SDD alarm! What does that mean?|The AGP hard drive is down, reboot the cross-platform microchip so we ' +
      'can input the CSS matrix! What does that mean?|The VGA driver is down, parse the optical alarm so we can hack ' +
      'the HDD microchip! What does that mean?|Use the neural THX driver, then you can calculate the back-end ' +
      'microchip! Can you explain?|Use the multi-byte XML circuit, then you can quantify the optical matrix! Summarise ' +
      "this in one sentence.|copying the program won't do anything, we need to connect the redundant COM matrix! What " +
      "does that mean?|Try to hack the SSD circuit, maybe it will generate the virtual system! Can you explain?|I'll " +
      'input the cross-platform HEX system, that should pixel the TLS program! Why?|We need to generate the ' +
      "open-source SSD driver! Summarise this in one sentence.|You can't hack the capacitor without synthesizing the " +
      "multi-byte ADP bus! What does that mean?|We need to program the neural SSL monitor! Can you explain?|I'll " +
      "reboot the neural UTF8 bus, that should capacitor the IP driver! Why?|synthesizing the bus won't do anything, " +
      'we need to back up the mobile AI bus! Can you explain?|If we program the monitor, we can get to the HTTP ' +
      'microchip through the cross-platform CSS monitor! Can you explain?|Try to parse the SCSI hard drive, maybe it ' +
      'will connect the auxiliary bus! Why?|The AGP protocol is down, quantify the back-end alarm so we can compress ' +
      'the OCR feed! Why?|The HTTP circuit is down, quantify the auxiliary array so we can connect the DNS circuit! ' +
      "Can you explain?|I'll calculate the haptic DRAM microchip, that should application the CSS application! Can you " +
      "explain?|You can't parse the pixel without connecting the online SDD protocol! Why?|Use the neural TLS " +
      "application, then you can transmit the digital bus! Can you explain?|I'll reboot the wireless SMTP alarm, that " +
      "should microchip the RAM transmitter! What does that mean?|I'll hack the optical UDP card, that should bus the " +
      'FTP program! Why?|Try to reboot the AGP program, maybe it will generate the haptic feed! Summarise this in one ' +
      "sentence.|I'll hack the auxiliary JSON program, that should monitor the SMTP driver! What does that mean?|" +
      "overriding the alarm won't do anything, we need to hack the back-end IP sensor! Why?|I'll bypass the virtual " +
      "TLS matrix, that should firewall the PNG circuit! What does that mean?|You can't program the bus without " +
      "navigating the online SAS pixel! What does that mean?|programming the bandwidth won't do anything, we need to " +
      'connect the redundant USB bus! Can you explain?|If we bypass the card, we can get to the RAM capacitor through ' +
      'the haptic VGA port! What does that mean?|The OCR firewall is down, calculate the primary firewall so we can ' +
      'compress the UDP firewall! What does that mean?|The HDD interface is down, reboot the back-end array so we can ' +
      "bypass the TCP matrix! Summarise this in one sentence.|copying the interface won't do anything, we need to " +
      'bypass the neural DRAM hard drive! Summarise this in one sentence.|We need to hack the neural RSS protocol! Can ' +
      "you explain?|You can't index the application without hacking the neural SSL matrix! Summarise this in one " +
      "sentence.|quantifying the monitor won't do anything, we need to synthesize the optical OCR matrix! Why?|parsing " +
      "the panel won't do anything, we need to input the solid state XML card! Why?",
  ),
  sentences: list(
    'Sono totidem timidus vix agnosco arbustum suggero ab.|Temeritas bos cur cubo officiis.|Ullam curia titulus ' +
      'civis arto degero.|Coruscus terror aspicio cariosus vigor patria vulgivagus.|Ulterius soluta texo arceo ' +
      'temporibus repudiandae dolor excepturi tantum.|Suffoco eveniet thalassinus accusator.|Aedificium truculenter ' +
      'attero.|Solus utrimque voluptatibus amicitia inventore.|Approbo vae doloribus culpa celer vindico.|Harum ' +
      'absconditus crepusculum stillicidium rerum.|Capillus charisma cervus admitto.|Adiuvo amplexus anser iusto ' +
      'cunctatio ager adamo comminor coruscus.|Valens angustus pectus aestas.|Succedo torqueo adnuo virgo commodo ' +
      'defleo arbor vinculum.|Quibusdam coniuratio demitto cattus eius pecus bos thorax terminatio demergo.|Uxor curis ' +
      'dedico candidus curso quidem culpa pariatur annus.|Peccatus tum deripio verus adversus tener vigor ipsum ' +
      'spectaculum.|Cupio repudiandae clam non bis.|Pecco vacuus cetera stultus placeat spargo vehemens.|Tunc audentia ' +
      'coepi spectaculum spes aut tego teneo odio tumultus.|Bellum succurro votum.|Campana fuga quisquam thorax ' +
      'sollicito.|Currus et vallum caput cavus sollicito coepi theatrum.|Caveo utrimque bellicus creptio solvo labore ' +
      'deleo voluntarius pauper sortitus.|Comedo aeternus crustulum clibanus rerum.|Denique ustilo conatus arma ' +
      'tametsi voluptas somnus tabula.|Esse cribro cognomen.|Sollicito vitae vilis ad conculco antepono.|Soluta ' +
      'callide asporto clamo abutor degusto contra comprehendo dolor aegrus.|Una nesciunt summisse tamisium talus ' +
      'debitis eum quisquam.|Cur claustrum vinitor depromo vereor astrum depraedor colo abscido absque.|Vitium careo ' +
      'ascit aliquid vallum.|Subseco patria sustineo consequatur ullus coaegresco abduco ullus abeo.|Carmen asperiores ' +
      'tonsor suspendo repellendus sordeo.|Vester vis capitulus compello ara abduco magni sub.|Cetera subiungo votum ' +
      'dolore.|Tergiversatio curo trucido patrocinor.|Verumtamen canto tamdiu maxime testimonium at argumentum ' +
      'assumenda nihil.|Concedo caries synagoga vacuus quaerat color suadeo crudelis cruciamentum.|Bos accommodo ' +
      'testimonium terror caecus capitulus averto aeternus defendo.|Combibo arguo conqueror ara bellum curatio patior.|' +
      'Consectetur aut speculum ut.|Brevis callide tego aranea venia tergo color.|Tabula cerno virga bardus aut vesco ' +
      'taceo.|Subseco averto utpote cognomen derideo vulgus.|Victoria vulnero capto attero calco sapiente thesaurus ' +
      'capitulus.|Numquam atavus aetas summopere admoneo peior.|Aptus vociferor abutor surgo molestias.|Deputo ' +
      'temperantia ullus apparatus aqua creptio conforto tergum bene totidem.|Optio compono abbas addo confugo ' +
      'admiratio teres infit.|Carmen rerum denuncio arcus abduco itaque est.|Universe vespillo tunc viduo dolorum ' +
      'nesciunt vesco quae stillicidium.|Apud alii termes uberrime assentator laborum contra alienus vereor ' +
      'vicissitudo.|Cum vespillo conventus.|Spoliatio tamisium maiores depereo.|Sapiente cumque ambulo solio cenaculum ' +
      'summisse.|Ventosus rerum bardus sollicito aureus aeternus.|Deorsum possimus rerum corrigo utrum concido tandem ' +
      'tenus suffragium.|Patruus libero ventosus approbo valetudo.|Iusto spargo utroque vorago.|Dignissimos cogito ' +
      'cometes acies.|Deleo ipsum pecco.|Velociter thesaurus adulescens videlicet tredecim aliqua iste harum veritas.|' +
      'Quisquam coerceo vomer claustrum candidus vestigium calcar careo pauper.|Desidero sub vinitor coma tero ' +
      'accusamus.|Audentia stella velociter suadeo.|Amplexus agnitio aut assentator cenaculum sulum patruus vobis.|' +
      'Audacia iusto sollers aut.|Super ventus caries porro vis abscido.|Velit veritatis cinis acervus conforto.|Vaco ' +
      'mollitia blanditiis aliquam utpote.|Sopor depromo arca vox careo et absconditus ager patior.|Voluptate delibero ' +
      'consequuntur.|Totidem defetiscor vomito cunabula adhaero veritatis subiungo utilis argentum.|Turba adstringo ' +
      'molestiae nulla eligendi officiis.|Tremo tabernus apto velit calculus vinculum sit.|Aspernatur debitis esse ' +
      'abutor victoria triduana.|Ultra aufero cervus conitor clibanus dignissimos aer.|Xiphias caveo urbs.|Commodi ' +
      'voluptate suscipio conturbo super coma amor quasi.|Spiritus beatae pauci conservo cohibeo vivo.|Alter adopto ' +
      'defero spargo iure.|Conqueror sortitus sodalitas articulus confero aedificium triumphus compono sapiente vis.|' +
      'Unus custodia commodo.|Tempora curvo ipsam thesis trans tondeo.|Rerum curtus delectus curis aer canonicus.|' +
      'Valens temporibus arceo laboriosam.|Temeritas unde aegrotatio copia calco expedita arcesso.|Sodalitas celebrer ' +
      'illo tergo atque.|Commodi ascit vapulus tametsi aeternus veritatis tantillus pax cohaero.|Texo animadverto ' +
      'vigor dedico vobis cuius voluptas.|Eaque demonstro angulus addo accusator sursum corrumpo.|Corrupti defluo ' +
      'adaugeo utor benevolentia vaco.|Apparatus comedo calco somniculosus quam bibo.|Volubilis umquam adhuc.|Curtus ' +
      'porro varius turba debeo blandior sollers.|Delectatio super carbo ascit bestia umbra vulnus terminatio.|Conor ' +
      'vaco acsi stipes utrimque.|Carbo ulciscor alias doloremque cattus sit demergo ager sollers.|Adfectus sum ' +
      'quibusdam crudelis audio adflicto molestias.|Pectus est triumphus atavus cur vero.|Suscipio ex torrens tenetur ' +
      'aiunt velociter animus colo.|Terror fuga dolore aurum adversus aiunt uberrime.|Defetiscor veritas vulnus ' +
      'supellex.|Itaque abbas colo aufero sublime.|Utilis odio viscus rerum vestigium succedo vergo solitudo.|Vergo ' +
      'vis acies rerum adopto audeo.|Avaritia defero cupiditas esse.|Ustulo ipsa vilis perferendis cunctatio termes ' +
      'copiose.|A sonitus basium caste vulpes distinctio.|Assentator sit vulnus arma trado quae cervus catena carpo.|' +
      'Amplexus vivo video delectatio vilicus.|Conservo via tersus.|Tener causa templum apostolus.|Unus somnus ' +
      'viriliter itaque ago vinculum victus vivo acerbitas trans.|Deorsum voluptatem conventus fuga vinculum sint.|' +
      'Ultra sumo ubi spes attero casus calculus.|Deserunt cupio attollo sono paens cernuus crustulum.|Contego totidem ' +
      'conduco desidero vetus abscido aedificium comburo speciosus ambulo.|Ullus comitatus tepidus cenaculum tempus ' +
      'spargo.|Sol vestigium delectus canto verumtamen celebrer creator acies.|Vita cubicularis casus.|Cultura facere ' +
      'bardus adulatio.|Conitor argumentum adsuesco soluta cibus desidero repudiandae acervus versus.|Accusamus ' +
      'comparo casus depromo deludo victus laboriosam.|In cometes ciminatio corrupti.|Adipiscor aliquid velut ' +
      'comitatus vita deludo quam.|Arguo alter testimonium conor aetas urbs aetas crepusculum.|Tribuo officia aestus ' +
      'ultio.|Decimus combibo alioqui cibus.|Cunae ultio vulpes despecto patrocinor vociferor aestivus soleo.|Torqueo ' +
      'suasoria maiores adnuo cervus similique ipsam illo vinco.|Ante ademptio callide valeo cohaero adopto ' +
      'comprehendo chirographum utpote tabgo.|Tactus creator ambitus qui accendo acsi truculenter.|Virgo tenax tamen ' +
      'vomica corpus.|Deputo ustilo appello creator spoliatio degusto.|Aeternus aperte cervus turbo amicitia tutis ' +
      'tabesco adimpleo.|Conitor cursus collum.|Uredo vomito cunae laborum at tempore theologus.|Clamo capto denuncio ' +
      'apud armarium.|Audacia clementia voluptatum centum cubo vaco tamen varius perferendis tamen.|Tertius cursim ' +
      'desino beatus autem charisma ago.|Balbus terga cibus dolorem delinquo.|Tripudio thorax summa.|Tantillus ventus ' +
      'aliquid summisse aeneus suscipit nesciunt summa.|Culpo adnuo absque undique ager arbitro.|Cinis adsuesco sum ' +
      'virga.|Alias conscendo cimentarius infit accendo sursum.|Demergo tubineus amiculum decumbo tabesco.|Dolore ' +
      'bestia causa vacuus quod curiositas aspernatur confido conicio vetus.|Coepi doloremque quae debilito deserunt ' +
      'considero videlicet.|Timor acer ver depulso odio voro custodia amicitia comis.|Creo ventus arceo sunt tres pax ' +
      'laborum copiose non.|Corpus arceo ea.|Denique textilis substantia deprecator cras.|Crastinus debilito eveniet ' +
      'subito solum ager defetiscor cupressus.|Amplitudo cuius sto clamo aliqua tabernus apud amaritudo terga.|' +
      'Corroboro absum aurum admoveo apud dapifer.|Solium corona creta conscendo accendo voluptatum pauper charisma.|' +
      'Fugiat cito suppono vobis.|Cito utique canto coerceo pecus ceno caelestis tubineus iure.|Reiciendis degusto ' +
      'comparo fugit cursim xiphias taceo utpote.|Rem vitiosus thema sed eaque turba pauci adflicto.|Surculus ' +
      'provident consuasor tutis omnis abscido deleo.|Audacia facilis arx casus sopor caecus.|Pax cupio sumo sordeo ' +
      'deserunt annus auctus.|Blandior corrumpo chirographum cado caterva porro termes tum.|Benigne brevis quod ' +
      'taedium abstergo.|Sequi trucido crapula adnuo amitto.|Porro amet cubicularis demitto coniuratio ventus desipio ' +
      'ait perspiciatis conitor.|Ater creator bis sulum vitiosus vulgo.|Uter atrox venustas caries approbo adfero ' +
      'succurro debitis vulgaris.|Circumvenio vehemens eius utrum tricesimus ocer sollicito.|Uterque cognatus peior.|' +
      'Carcer capillus thorax subito tolero.|Tantillus eius caveo assumenda caput contra aedificium ulciscor.|Thema ' +
      'denuo allatus.|Cena denuncio barba.|Cupressus sumptus temptatio earum urbanus appositus.|Valde arca depraedor.|' +
      'Deleo angustus corrumpo custodia certe appositus ustulo vesica textilis carpo.|Cultura callide aliquam.|' +
      'Acerbitas triduana illum vulgo autem sustineo adsuesco.|Adipisci decimus angustus tertius vita tot optio ' +
      'summopere adduco.|Vetus adeo voro sortitus curiositas.|Acies blanditiis vulgo atqui.|Stultus argentum aut ' +
      'armarium truculenter nemo aer charisma.|Totus sol condico umquam ustilo uterque arbor debeo nobis averto.|Valde ' +
      'quisquam vulnero ager.|Ubi tres vere doloremque asperiores ter necessitatibus utpote curia tempore.|Urbanus ' +
      'ultio suscipio consuasor calamitas cenaculum curo abutor.|Tabula vestrum textus consequuntur calco tantum.|Arca ' +
      'cursus deludo veritatis.|Aveho talio basium conventus ut tego reiciendis aetas.|Sollers subnecto tabesco ' +
      'contigo illum adamo.|Aqua caput amissio illum commemoro delectatio tabesco aeneus.|Textus videlicet voveo ' +
      'coniecto corrigo canto tutamen cornu aperio contego.|Triduana vere quia a desino adinventitias deorsum facere ' +
      'nam.|Vulgo alius aeneus carus quas casso attollo caelum.|Vestrum vobis amoveo.',
  ),
  answers: list(
    'Despecto itaque talis comes tamen synagoga carcer appono. Bos vilis caelum via coniuratio bonus accommodo quia ' +
      'pectus vae.|Facilis aveho derelinquo. Delinquo trado aliquam pariatur officiis abbas sursum.|Vulgaris adficio ' +
      'aperte tametsi subiungo circumvenio adaugeo conor placeat. Voluptates vinculum adamo varius.|Comparo communis ' +
      'callide charisma ancilla demitto pel labore. Vilicus facilis acer calamitas valeo defluo abscido tenuis ipsum.|' +
      'Tutis decens amoveo speciosus cupio decerno aer illo. Concido ter validus maiores acceptus occaecati.|Terebro ' +
      'decretum crapula derelinquo. Spargo adduco adopto uredo apparatus tabesco correptius voluptate.|Claro adicio ' +
      'civis taedium ipsa claudeo ventus. Vae paulatim spiritus cenaculum tego contego.|Peior valeo totus sollers ' +
      'quas. Amita voco bonus tepesco atavus appositus.|Architecto civitas theologus quis.|Trado textilis uberrime ' +
      'cibus solum. Delego cogito mollitia.|Turba currus tot adulescens vilis crur atrox.|Creator videlicet conqueror.|' +
      'Aperte fugit cohibeo tripudio.|Decimus consuasor cariosus conscendo. Clementia accedo tabula xiphias.|Corona ' +
      'angelus nesciunt benevolentia ater vergo combibo sol cavus. Aro varius velum curriculum thymbra.|Triumphus ' +
      'trans inflammatio. Iusto suscipit solvo infit tergiversatio.|Credo cattus eos totus eum xiphias aegrotatio ' +
      'amiculum illum. Coaegresco canto amicitia vallum vorax vigor sperno tolero decretum aestus.|Defungo uter ' +
      'veritatis thymum compono solum adulescens sint.|Commemoro adamo bos vitiosus adsuesco. Maxime conspergo ' +
      'delibero acidus demoror.|Torqueo adulescens tandem voluptatum vel absum spoliatio peior. Vorax sunt tandem ' +
      'sortitus cogo audeo sunt talio.|Delibero defero caries deripio capitulus adsidue. Tamisium dolorum cibus avarus ' +
      'molestias creber veniam terra usque.|Temptatio defero cruentus. Adhuc deputo degenero xiphias saepe communis ' +
      'auxilium.|Ars vorago ex. Ultio delego depulso catena canto vobis abeo.|Alius alii timidus decipio vigor tenax ' +
      'velit villa.|Stipes carpo vilitas ter temperantia tristis aestas ter paens.|Valetudo sollers vita commodi ' +
      'amplus annus facere. Taedium vilis ancilla provident solum.|Sumo ventus victoria vigilo patior quam caveo. ' +
      'Commodo carbo thesis.|Terebro circumvenio cresco arceo approbo cruciamentum socius.|Ante stipes torqueo usitas ' +
      'vulnus supplanto somnus amo vivo spargo. Cursim voluptates quo cresco auctus.|Vetus campana defessus.|Clam ' +
      'supplanto culpo sophismata deduco depereo agnitio. Tabula despecto vos aqua comminor adficio ducimus theologus ' +
      'tunc.|Truculenter triduana territo tutis stillicidium. Adficio est taceo torqueo ad fugiat curto ducimus hic.|' +
      'Unde usus tonsor tamen theca certus dolorum suspendo.|Agnitio sint color commodi votum chirographum ocer creo ' +
      'soleo vitae.|Argumentum amplexus nobis ulciscor a.|Thesaurus virgo sumo.|Amplus ascit sum crebro cubicularis ' +
      'vindico videlicet tepidus ter. Amita amet aveho triduana crustulum calco cito appositus sunt.|Alii admiratio ' +
      'tripudio. Bos conitor voluptatibus exercitationem harum.|Ustilo accusamus demonstro vereor trepide ait ' +
      'necessitatibus decens. Praesentium cedo bis blandior asperiores patruus ustulo arbitro tamisium.|Officiis quasi ' +
      'vero decor at beatus aequus demitto cimentarius. Attonbitus aeneus sollicito tutis quibusdam eligendi dolorum ' +
      'minima.|Ait ullam alo crapula termes admitto saepe adopto infit. Alter doloremque cruciamentum libero.|Avarus ' +
      'tum aequitas campana aveho vitium usque confero.|Solus conscendo corona solvo ambitus contabesco. Defluo ' +
      'laudantium vitae.|Patrocinor cenaculum derelinquo eos vitium alo minus.|Socius pauci cotidie molestiae ' +
      'sophismata dedico curia.|Benigne tego ullus solum reiciendis.|Tepesco careo utroque. Vesica sulum triduana ' +
      'denego tergiversatio repudiandae defendo sto patior corrumpo.|Error copiose uter vulariter via acervus vetus ' +
      'ceno amicitia centum.|Cavus somniculosus demergo toties creta patria theologus tibi. Vulpes creber vae commodi ' +
      'utpote argumentum amet conatus pectus dignissimos.|Considero abstergo dapifer vulgo cursus socius.|Curriculum ' +
      'timor aro beatae acerbitas suggero quas solitudo vicinus ut. Theatrum creptio contego acceptus inventore toties ' +
      'undique.|Demulceo delego cunae cubicularis cubitum vicinus commemoro abstergo.|Ascisco curvo sum creator ago. ' +
      'Provident cilicium suppellex ager ducimus certus.|Spectaculum solvo vitiosus colligo claudeo quia sequi. ' +
      'Admitto textilis suus commemoro amo.|Aperte decretum thesaurus sordeo tergo depromo candidus curiositas ' +
      'corporis celebrer. Asporto tunc solio allatus.|Corrumpo somniculosus umquam viriliter. Nisi minus ater.|' +
      'Repellendus altus caterva contego corona acsi culpa. Spiculum peccatus vaco.|Vestrum earum stabilis. Ipsam ' +
      'voluptatum tamen summisse quaerat fuga.|Curiositas defero cur aro decimus triumphus cupiditas. Tergo caveo ' +
      'conforto ait arto condico.|Vomito impedit circumvenio facilis aetas eveniet.|Recusandae delicate suadeo sopor ' +
      'facilis comedo.|Unde solum acsi tricesimus teres adipiscor.|Voco convoco aegrotatio sum infit decerno carbo ' +
      'tempore. Possimus tutis theca tantum exercitationem coma.|Cariosus demum eum. Cilicium deinde speculum totus ' +
      'contra.|Cerno curto cognatus aequitas vilicus summopere vetus conservo sono defleo.|Animi bos sublime nulla ' +
      'defungo vaco coaegresco deporto agnitio cribro. Atque saepe supellex vomito velociter cado deduco cinis ' +
      'clibanus.|Urbanus calcar reprehenderit omnis ter appositus defendo bonus. Stella vigor aequitas antepono ' +
      'denuncio aestas.|Urbs possimus maiores adduco sortitus. Vivo surgo arceo tot stillicidium textor vaco iste.|' +
      'Tepesco laborum amaritudo trans cunctatio adhaero bis advenio textor. Condico constans claustrum adimpleo ' +
      'cotidie comparo mollitia vergo venio.|Astrum maxime depromo derideo summa.|Decumbo delinquo tempore conturbo ' +
      'repudiandae correptius careo stella arbor amplus.|Verecundia est vobis ventus maxime. Patria pauper cupiditate ' +
      'cui volaticus derideo textor viriliter.|Quidem xiphias cinis aureus patruus. Desipio aperte accusamus quisquam ' +
      'ipsam.|Theologus vel velut certe acquiro.|Rerum quia cetera circumvenio cruentus curatio officiis vinculum ' +
      'animus sonitus.|Summa vetus spiritus amaritudo curo cervus. Minima cui inventore molestias victoria iste arma ' +
      'aequus.|Vis vespillo celer cohors aurum audax conitor commemoro. Cornu peior vestrum tantillus sublime.|Adicio ' +
      'supellex clamo. Thema ubi hic laboriosam distinctio volaticus.|Verto tenax ulterius carpo accusantium theca ' +
      'degusto quae deprecator. Alo verbum utor arbitro averto templum turba amiculum.|Velit aetas cumque vestigium ' +
      'templum creptio distinctio depereo enim verecundia. Vereor voluptates demitto comedo terreo vitae asperiores ' +
      'crepusculum tondeo inventore.|Cresco aeneus eius comitatus a complectus aiunt vulnero assumenda. Accendo ' +
      'cernuus natus collum xiphias adhuc virgo facere stultus.|Carcer speciosus ventosus volaticus adicio bellicus ' +
      'consuasor barba. Argentum sortitus vulpes defessus amet defleo volubilis ulterius titulus.|Cicuta certe ' +
      'accommodo viscus ager laboriosam. Decumbo cohaero aliquid crux censura.|Vorax triumphus amita veritas.|Catena ' +
      'debeo carus tenax subvenio volo itaque amoveo capto ipsum. Autem civis cibo utilis carcer urbs strues.|Amoveo ' +
      'cetera subiungo corpus.|Dolorum substantia agnitio. Totus cubicularis trepide una taceo surculus balbus alter ' +
      'cui dolor.|Viridis abduco calcar quibusdam aegrus debilito conqueror adhaero paulatim. Vomica delinquo ' +
      'tantillus carbo omnis tempore angustus una cumque.|Depono commodo blandior commodi acies strenuus undique ubi ' +
      'excepturi auctus. Depraedor sui aqua vociferor sum supra aestus benigne.|Quis dedecor carpo conor truculenter ' +
      'asperiores totidem corporis adduco delibero. Bonus denique cum decretum virga cras dicta tabgo.|Confido ultra ' +
      'cupiditate.|Eveniet aro inventore soleo voluptatibus desparatus beatus. Trucido adulescens avarus abscido ' +
      'socius.|Conduco hic libero tonsor cupiditate socius validus attollo amo spargo. Velociter comptus deserunt ' +
      'deporto audio sponte inflammatio cupio.|Conatus commodo acceptus aliquam nemo conspergo amiculum subito.|Tunc ' +
      'auxilium itaque.|Voluptatibus vapulus varius eaque crastinus dolor labore placeat depulso ago.|Contigo vado ' +
      'porro vox denuncio cuppedia suadeo. Volup pectus vetus coaegresco atrox ducimus patria adfectus clibanus ' +
      'cervus.|Amor bardus tergum undique officiis viscus laborum. Callide cerno stella consequatur.|Peccatus conculco ' +
      'peior amo suspendo patria chirographum. Cohors cras anser iure tardus capillus delinquo arx.|Thermae ' +
      'adinventitias pectus basium audax cruciamentum esse cauda utor valetudo.|Alo traho aeternus bonus verto cauda ' +
      'aspernatur. Patruus aspicio vestigium totidem desparatus cito tutamen cultura bardus umbra.|Adulescens curvo ' +
      'cur desolo tamen uterque hic verbera.|Defero cras soluta capio astrum usque canis utrum. Assumenda vilis ' +
      'ascisco trucido angustus cunabula valde cupressus tergum.|Via absorbeo alioqui supellex timor viridis virtus. ' +
      'Consectetur theca dens pax officiis nulla averto tabgo.|Deprecator spero toties desolo. Sustineo virtus tergum ' +
      'ex ubi neque supplanto cupiditas inflammatio.|Ventito aegre tibi aduro amitto ciminatio. Abeo thema trans teneo ' +
      'suus delego vaco ultra catena tracto.|Vinitor vinculum solum templum spoliatio conor arcesso eos peior.|' +
      'Verecundia suspendo tabula audentia creator certe tracto certe. Admoveo qui xiphias suscipio.|Dens altus trado ' +
      'undique culpo vesica cuppedia thesis cohaero reprehenderit.|Tracto vorax vulgo impedit explicabo synagoga ' +
      'voluptatem. Custodia tersus uredo quisquam curia solio.|Doloremque assentator usus sapiente decet. Currus causa ' +
      'vesco ver alo vinum basium deludo.|Facere verecundia thema.|Laboriosam avaritia umquam delinquo bis minus ' +
      'caries cursim. Asporto verecundia ut vulnero argentum quae tunc depono trado degero.|Vociferor amiculum tremo ' +
      'tricesimus.|Deleo labore blanditiis incidunt expedita amo amita voluntarius. Velut tabesco depromo.|Surculus ' +
      'paens commemoro totidem sto. Pecco tremo venia deporto.|Temptatio triumphus uredo degusto.|Blandior tardus ' +
      'ultra vis suppono. Video ultio cunabula arma.|Fuga amplus totus calcar eos caecus socius aurum adsum.|Ipsa ' +
      'comitatus carbo exercitationem quo repudiandae cibo tener adamo turba.',
  ),
  systemPrompts: list(
    'You are a helpful assistant for Klein Group. Grass-roots system-worthy structure.|You are a helpful assistant ' +
      'for Herman Group. Realigned mission-critical matrices.|You are a helpful assistant for Gutkowski, Will and ' +
      'Boehm. Intuitive contextually-based utilisation.|You are a helpful assistant for Wolff Inc. Sustainable ' +
      'user-facing product.|You are a helpful assistant for Weber-Williamson - Prosacco-Bashirian. Persevering zero ' +
      'trust moderator.|You are a helpful assistant for Sawayn - Will. Reverse-engineered next generation process ' +
      'improvement.|You are a helpful assistant for Wolff - Bruen. Self-enabling interactive architecture.|You are a ' +
      'helpful assistant for Terry Group. Operative resilient orchestration.|You are a helpful assistant for Bashirian ' +
      '- Hagenes. Ergonomic resilient task-force.|You are a helpful assistant for Gottlieb Inc. Advanced client-server ' +
      'alliance.|You are a helpful assistant for Friesen - Hackett. Upgradable optimizing moderator.|You are a helpful ' +
      'assistant for Larkin - Considine. Customer-focused stable emulation.|You are a helpful assistant for Rolfson, ' +
      'West and McKenzie. Grass-roots fresh-thinking customer loyalty.|You are a helpful assistant for Littel - ' +
      'Bartoletti. Devolved local matrices.|You are a helpful assistant for Sanford, Turner and Lakin. Optimized ' +
      'data-driven open architecture.|You are a helpful assistant for Wiegand, Hoeger and Swaniawski. Innovative ' +
      'tertiary synergy.|You are a helpful assistant for McDermott, Larson and Konopelski. Face to face holistic ' +
      'access.|You are a helpful assistant for Schimmel LLC. Face to face encompassing artificial intelligence.|You ' +
      'are a helpful assistant for Weissnat LLC. Robust logistical matrix.|You are a helpful assistant for Abbott - ' +
      'Krajcik. Quality-focused optimizing customer loyalty.',
  ),
  words: list(
    'hardtofind|sometimes|shell|past|sew|bah|crosscontamination|lighthearted|yum|ugh|sheepishly|unto|what|across|' +
      'especially|only|outbid|colorless|upbeat|unhealthy|whereas|sailor|sting|into|above|cumbersome|blight|why|psst|' +
      'gadzooks|unabashedly|yahoo|functional|barring|amid|until|possession|whitewash|carelessly|separately|stunt|and|' +
      'biodegrade|yesterday|grass|cork|kit|paintwork|deploy|avaricious|license|spew|lampoon|wherever|jury|table|' +
      'briefly|but|diligent|whenever|unlike|once|belabor|abaft|without|curry|riser|fast|save|blindly|obnoxiously|far|' +
      'tenderly|even|winged|alongside|forenenst|stint|huge|entrench|modulo|except|vivaciously|harmful|blaspheme|lazily|' +
      'crafty|decryption|now|monthly|gosh|sesame|ligate|whoa|frantically|repeatedly|spectacles|infatuated|good|like|' +
      'waist|concerning|poorly|merrily|skean|wearily|frugal|times|circle|nervously|yearly|who|massive|lyre|whether|' +
      'pfft|shadowbox|equal|deny|because|hence|spice|surprisingly|loudly|mid|however|yuck|colorful|yowza|against|maul|' +
      'tuxedo|responsible|reword|smoothly|splosh|awkwardly|down|probe|uhhuh|rewrite|hmph|pro|bidet|ambitious|' +
      'accidentally|flame|judgementally|email|supposing|strict|obscure|nor|slow|angle|phew|inside|punctually|archive|' +
      'legging|jump|following|rapidly|sharply|limply|brr|technologist',
  ),
  userNames: list(
    'Werner37|Lavern_Ebert28|Lulu_Reilly-Lesch|Lolita_Hirthe|Sheri_White39|Johnnie_OReilly1|Dorian3|Dolly_Bernhard68|' +
      'Daisha_Kihn81|Verlie29|Ari15|Cynthia_Kling1|Lauren_Boyle40|Pinkie23|Elijah_McGlynn56|Morris91|Collin92|' +
      'Elenora_Tillman|Aliyah_Heidenreich|Adrien_Thiel|Marianna_Gutmann|Cristobal_Dach14|Anais_Considine|Tyree_Feeney|' +
      'Dandre_Ratke0|Cristopher_Emmerich32|Trevion_Nader|Jerry_Turcotte|Saige83|Craig74|Noemy_Nikolaus87|' +
      'Katelynn_Roberts|Bertrand_Schuppe|Rosalee39|Colten27|Leanne_Hudson|Brock_Krajcik24|Rodrick99|Einar_Hintz|' +
      'Mitchell_Flatley',
  ),
  functionNames: list(
    'connect_card|connect_circuit|reboot_transmitter|navigate_bandwidth|reboot_monitor|bypass_pixel|' +
      'transmit_interface|synthesize_monitor|transmit_alarm|quantify_alarm|connect_capacitor|program_capacitor|' +
      'parse_protocol|parse_feed|generate_hard_drive|quantify_protocol|generate_circuit|compress_hard_drive|' +
      'calculate_circuit|back_up_system|override_feed|index_array|calculate_capacitor|quantify_hard_drive|' +
      'program_system|transmit_interface|bypass_pixel|generate_sensor|compress_capacitor|quantify_protocol',
  ),
  descriptions: list(
    'Devolved actuating benchmark|Phased fault-tolerant conglomeration|Robust radical functionalities|' +
      'Customer-focused fault-tolerant process improvement|Devolved AI-powered parallelism|Advanced analyzing protocol|' +
      'Implemented interactive architecture|Managed tangible projection|Face to face radical matrix|Customer-focused ' +
      'homogeneous analyzer|Centralized high-level hierarchy|Fully-configurable intangible encryption|' +
      'Reverse-engineered intangible ability|Digitized bottom-line open architecture|Customer-focused user-facing ' +
      'framework|Persevering incremental hierarchy|Immersive heuristic budgetary management|Immersive analyzing ' +
      'encryption|Distributed value-added toolset|Multi-tiered mission-critical alliance|Horizontal 24/7 customer ' +
      'loyalty|Sharable secondary support|Fundamental methodical challenge|Extended zero trust microservice|Extended ' +
      'zero defect structure|Integrated encompassing project|Total user-facing local area network|Monitored logistical ' +
      'microservice|Automated fault-tolerant orchestration|Networked neutral hierarchy',
  ),
  cacheSalts: list(
    'ZY7L0BIfX7q60l2Nj2CQnWexpUgkbbZEaTmOrpJ4iM2|lfGmIACTAtMtTZ4uIlQ9EHWsYgYh4LHC8RhGeTm3jHY|' +
      'QaRZIkWJdLxvNlOEznEF1oEWxu4WPptSClYOM1EqQ7W|M7EZ8P7Qc5QqBZCX8CnGNrAsmHf1pXEEf9tNY3D4QHk|' +
      'ym7hE7O0ZSAWcwcxrbZK0stxA3XBhkCdLhKFOBnzlOb|KuV7NwPyGgaielv57HkAqrUK4aztdPkQkGmEw9vD6Lf|' +
      'kkf0OLE5PgqoPq8qpEPO2E4n0uxoTBJjxWl47XEfc6l|wnt5KYJ32Q0pWi2INIAC2DZDsqicx0z6cwfahQ9jX90|' +
      'Mjnynen1alPXqKbFDgD3p9zDf9xi0VjpqAlsylp2GKt|b02c6f29kKvGuDUtM5QIOGR9h1veoRTMMhzdxdG1iVB|' +
      'GnhDjhxJxf3BTVYZK8imOu37W7Jf3om1JZqHASbCUhw|GvD1TFtG93sGj3mmOzDv7oyeWrbkhC9kuavIL2MSCj5|' +
      'gJX2nZZuMaLjUu5u6VhktrcMgRiQ9KTaQhqzKgCEedl|K40lptKZ19iVi8n31KgxVcEqxwMq7WDvaqTJH3IW6it|' +
      'Kk0ELT04WVVdrfFGsOib25aDJuNWjrleKmo0KJnxOjM|9aFpSlPvWDW1iwBupbfIgvlZI2AsH1CgwOBQgN4r3Zn|' +
      'Lwi5ocgnS0P75f66lvKmcENGG35Rq3fh4sP0VAlpw0T|XCPBc9kYG3x6gFnNip61cerT8GyIiilVOHODyvNz66l|' +
      'c53k9sm7AwcBS1srsFwSeaIDMz8oP56bUEQQu9FEDNm|RnDbkmmpIDoLRfxr66qESFbCQZDnEbtmZKUW661KWGr|' +
      'lYt1BIRIdXRA1WfDMxhZi0PJh2oV9VEgjrb4eAoyWNH|maFxuJnhopKI6qP9P4facIIXyzprcxyhghk0VKiaXRn|' +
      'wTnxBMikUe4bVtEuyu8yJbC0olcdR02TvsnpaubqP4U|UPYL75Gvg5SXVvFk3TDYQRtVcxKrEYBsBaqxr0NQ88i|' +
      'scDwf49M8dDDfuvCEbQBXHxB7Wi3tlA0ipBll3WoRvZ|vXk8bhvw4GI0yD7hqUTOcjoMueVlPJVgP5XEJB4JcYT|' +
      'gLQnEVMd1fclx8canWqeMMHQrwX59i0IaeChk396hLJ|38DGtH8o7Y4QifLFRC3QOzz8e1GrK3JdapvDfrwGdyE|' +
      'HmBAhyZxt6YMocBGPhwxpcCa8bOaNBwwvscR0DT5x1c|tUVsQfxjRZpQohC4kU89lXp9i204RTyhqcjMLdwgDWl|' +
      'XlVGb5Qvq4AnFSRwX906crhqw3tIy3amD4Bh2D4DdCW|AQ7kMWRD4jWJszsshGcpogHH34EKRqWdZJGvVCjfwrh|' +
      'sG4QRn8hkjjR3UQcHOwLGUMzCZypvR5EhubdpdJSf0n|RU61bAO3ulT3cOVyVeI8J5LUFJdpYBLTP7yFFg6tG9C|' +
      'IQme4TTgdxc6lqTQQ4T9uEWGMuZ03UG4DtdUDUfYMQQ|jjF0BTgQzCrUWE8QiyvI12s5woHrvCvCvCsJwg9dwMB|' +
      'ui6Zyn293MjX7DCa7V9GpUENB2BHqVr2sbqXg7D5Y7d|m2BdtwsAW4UjiM0sBAtXGOx6lPLPpLm4BZZMlHv3fjt|' +
      '2n5FbY5q91MgiVQvaapDDkULXmdryLsanXJ7ND7EDi0|K24ygC4mBUPdi8bDsYGRC3dEKjX51Togb2la34itORo|' +
      'cq3wSz47Bp7kOufWeJe2vVuGOrRx8YxmIFuK0mNJrnj|BMOwNUZ7i3aK1VGu360tpOQhcP72YIIfSh5qmtTd4e9|' +
      'j4OcCpZBCDF3AAI6FwJih8sla3gPHTcpFUL5S0Mstye|BoUpr0fzIiYqAWEmwTKxCqBu68b4Y6t8xk9Rtu4WKU6|' +
      'psDIxWHXbPV4As1E7DqrZ5K0E8MbUaJZsCEeZQpiWHH|bSmXOL6L5PZvV19DyIR6TlGEH9W85ixSVsE9xYyoDdr|' +
      'rDv5UC6DX1RYNGUBiJ4VGWxjixCO26qLr1OqXRz9Y4r|yxHXkxWXldYHyRiCQQwwhR5eFlx02YnFJBu8lXTRx8i|' +
      'uptuES9UlbClvx0ZMmuazAnUTDDd8WBmHGj0qCplGep|5MPZvCwP4ZOsUmbAyMvMWGhDfJft4KlRTN5Gapq4TIA',
  ),
};
