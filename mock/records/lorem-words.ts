/**
 * @module The record texts' vocabulary: faker's English lorem words (`@faker-js/faker` 10, the 974
 * distinct all-letter words that 4,096 draws of `faker.lorem.word()` seeded 20261121 return), sorted.
 * Written out rather than drawn at start-up: loading faker's English definitions and drawing cost
 * ~25 ms of every `conformance mock` start, for a list that never changes. `lorem-words.test.ts`
 * proves the list is still exactly what that draw returns.
 */
export const LOREM_WORDS: readonly string[] = (
  'a ab abbas abduco abeo abscido absconditus absens absorbeo absque abstergo absum abundans abutor ' +
  'accedo accendo acceptus accommodo accusamus accusantium accusator acer acerbitas acervus acidus ' +
  'acies acquiro acsi ad adamo adaugeo addo adduco ademptio adeo adeptio adfectus adfero adficio ' +
  'adflicto adhaero adhuc adicio adimpleo adinventitias adipisci adipiscor adiuvo administratio ' +
  'admiratio admitto admoneo admoveo adnuo adopto adsidue adstringo adsuesco adsum adulatio ' +
  'adulescens advenio adversus advoco aedificium aeger aegre aegrotatio aegrus aeneus aequitas ' +
  'aequus aer aestas aestivus aestus aeternus ager aggero aggredior agnitio agnosco ago ait aiunt ' +
  'alienus alii alioqui aliqua aliquam aliquid alius allatus alo alter altus alveus amaritudo ' +
  'ambitus ambulo amet amicitia amiculum amissio amita amitto amo amor amoveo amplexus amplitudo ' +
  'amplus ancilla angelus angulus angustus animadverto animi animus annus anser ante antea antepono ' +
  'antiquus aperiam aperio aperte apostolus apparatus appello appono appositus approbo apto aptus ' +
  'apud aqua ara aranea arbitro arbor arbustum arca arceo arcesso architecto arcus argentum ' +
  'argumentum arguo arma armarium aro ars articulus artificiose arto arx ascisco ascit asper ' +
  'asperiores aspernatur aspicio asporto assentator assumenda astrum at atavus ater atque atqui ' +
  'atrocitas atrox attero attollo attonbitus auctor auctus audacia audax audentia audeo audio ' +
  'auditor aufero aureus aurum aut autem autus auxilium avaritia avarus aveho averto baiulus balbus ' +
  'barba bardus basium beatae beatus bellicus bellum bene beneficium benevolentia benigne bestia ' +
  'bibo bis blandior blanditiis bonus bos brevis cado caecus caelum calamitas calcar calco callide ' +
  'campana candidus canis canonicus canto capillus capio capitulus capto caput carbo carcer careo ' +
  'caries cariosus caritas carmen carpo casso caste casus catena caterva cattus cauda causa caute ' +
  'caveo cavus cedo celebrer celer celo cena cenaculum ceno censura centum cerno cernuus certe ' +
  'certus cervus cetera charisma chirographum cibo cibus cicuta cilicium cimentarius ciminatio ' +
  'cinis circumvenio cito civis civitas clam clamo claro clarus claudeo claustrum clementia ' +
  'clibanus coadunatio coaegresco coepi coerceo cogito cognatus cognomen cogo cohaero cohibeo ' +
  'cohors colligo collum colo color coma combibo comburo comedo comes cometes comis comitatus ' +
  'commemoro comminor commodi commodo communis comparo compello complectus compono comprehendo ' +
  'comptus conatus concedo concido conculco condico confero confido conforto confugo congregatio ' +
  'conicio coniecto conitor coniuratio conor conqueror conscendo consectetur consequatur ' +
  'consequuntur conservo considero conspergo constans consuasor contabesco contego contigo contra ' +
  'conturbo conventus convoco copia copiose cornu corona corporis corpus correptius corrigo ' +
  'corroboro corrumpo corrupti coruscus cotidie crapula cras crastinus creator creber crebro credo ' +
  'creo creptio crepusculum cresco creta cribro crinis cruciamentum crudelis cruentus crur ' +
  'crustulum crux cubicularis cubitum cubo cui cuius culpa culpo cultellus cultura cum cumque ' +
  'cunabula cunae cunctatio cupiditas cupiditate cupio cuppedia cupressus cur cura curatio curia ' +
  'curiositas curis curo curriculum currus cursim curso cursus curto curtus curvo custodia damnatio ' +
  'damno dapifer debeo debilito debitis decens decerno decet decimus decipio decor decretum decumbo ' +
  'dedecor dedico deduco defaeco defendo defero defessus defetiscor deficio defleo defluo defungo ' +
  'degenero degero deinde delectatio delectus delego deleniti deleo delibero delicate delinquo ' +
  'deludo demens demergo demitto demo demonstro demoror demulceo demum denego dens denuncio denuo ' +
  'deorsum depereo depono depopulo deporto depraedor deprecator deprimo depromo depulso deputo ' +
  'derelinquo derideo deripio deserunt desidero desino desipio desolo desparatus despecto dicta ' +
  'distinctio dolor dolore dolorem doloremque doloribus dolorum ducimus ea eaque earum eius ' +
  'eligendi enim eos error esse est et eum eveniet ex excepturi exercitationem expedita explicabo ' +
  'facere facilis fuga fugiat fugit harum hic id illo illum impedit in incidunt infit inflammatio ' +
  'inventore ipsa ipsam ipsum iste itaque iure iusto labore laboriosam laborum laudantium libero ' +
  'magnam magni maiores maxime minima minus modi molestiae molestias mollitia nam natus ' +
  'necessitatibus nemo neque nesciunt nihil nisi nobis non nulla numquam occaecati odio odit ' +
  'officia officiis omnis optio paens pariatur patior patria patrocinor patruus pauci paulatim ' +
  'pauper pax peccatus pecco pecto pectus pecus peior pel perferendis perspiciatis placeat porro ' +
  'possimus praesentium provident quae quaerat quam quas quasi qui quia quibusdam quidem quis ' +
  'quisquam quo quod quos ratione recusandae reiciendis rem repellat reprehenderit repudiandae ' +
  'saepe sapiente sed sequi sint sit socius sodalitas sol soleo solio solitudo solium sollers ' +
  'sollicito solum solus soluta solutio solvo somniculosus somnus sonitus sono sophismata sopor ' +
  'sordeo sortitus spargo speciosus spectaculum speculum sperno spero spes spiculum spiritus ' +
  'spoliatio sponte stabilis statim statua stella stillicidium stipes stips sto strenuus strues ' +
  'studio stultus suadeo suasoria sub subito subiungo sublime subnecto subseco substantia subvenio ' +
  'succedo succurro sufficio suffoco suffragium suggero sui sulum sum summa summopere sumo sumptus ' +
  'sunt supellex super suppellex supplanto suppono supra surculus surgo sursum suscipio suscipit ' +
  'suspendo sustineo suus synagoga tabella tabernus tabesco tabgo tabula taceo tactus taedium talio ' +
  'talis talus tam tamdiu tamen tametsi tamisium tamquam tantillus tantum tardus tego temeritas ' +
  'templum tempora tempore temporibus temptatio tempus tenax tendo teneo tener tenetur tenuis tenus ' +
  'tepesco tepidus ter terebro teres terga tergeo tergiversatio tergo tergum termes terminatio tero ' +
  'terra terreo territo terror tersus tertius testimonium texo textilis textor textus thalassinus ' +
  'theatrum theca thema theologus thermae thesaurus thesis thorax thymbra thymum tibi timidus timor ' +
  'titulus tolero tollo tondeo tonsor torqueo torrens tot totam totidem toties totus tracto trado ' +
  'traho trans tredecim tremo trepide tres tribuo tricesimus triduana tripudio tristis triumphus ' +
  'truculenter tubineus tui tum tumultus turba turbo turpis tutamen tutis tyrannus uberrime ubi ' +
  'ulciscor ullam ullus ulterius ultio ultra umbra umerus umquam una unde undique universe unus ' +
  'urbanus urbs uredo usitas usque ustilo ustulo usus ut uter uterque utilis utique utor utpote ' +
  'utrimque utroque utrum uxor vaco vacuus vado vae valde valens valeo valetudo validus vallum ' +
  'varietas vehemens vel velit velociter velum velut venia veniam venio ventito ventosus ventus ' +
  'venustas ver verbera verbum vere verecundia vereor vergo veritas veritatis vero versus verto ' +
  'verumtamen verus vesco vesica vesper vespillo vester vestigium vestrum vetus via vicinus ' +
  'vicissitudo victoria victus videlicet video viduo vigor vilicus vilis vilitas villa vinco ' +
  'vinculum vindico vinitor vinum vir virga virgo viridis viriliter virtus vis vita vitae vitiosus ' +
  'vitium vito vivo vix vobis vociferor voco volaticus volo volubilis voluntarius volup voluptas ' +
  'voluptate voluptatem voluptates voluptatibus voluptatum volutabrum volva vomer vomica vomito ' +
  'vorago vorax voro vos votum voveo vox vulariter vulgaris vulgivagus vulgo vulgus vulnero vulnus ' +
  'vulpes vulticulus xiphias'
).split(' ');
