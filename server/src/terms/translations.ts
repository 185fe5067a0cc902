import type { Language } from "@potluck/contract/languages";

// Translations of the Terms of Service, by version number: a version is served in the caller's
// language only when it has a translation here, so a newer version is English for everyone until
// it is translated. The English text stays the binding one, which each translation says in its
// opening note. The page and link names are the ones the web's footer uses.

/** Version 1 (first-version.ts) in the nine other languages. */
const VERSION_1: Partial<Record<Language, string>> = {
  de: `<h1>Nutzungsbedingungen</h1>
<p><em>Diese Übersetzung dient nur der Information; maßgeblich ist die englische Fassung.</em></p>
<p>Willkommen bei Potluck, einem privaten Projekt für alle, die zu Hause kochen: um Rezepte aufzubewahren, Mahlzeiten zu planen und Ideen mit Freunden zu teilen. Mit dem Anlegen eines Kontos stimmst du diesen Bedingungen zu.</p>
<h2>1. Dein Konto</h2>
<p>Du bist für dein Konto verantwortlich und dafür, dein Passwort geheim zu halten. Sag uns sofort Bescheid, wenn du glaubst, dass jemand anderes es benutzt hat.</p>
<h2>2. Deine Inhalte</h2>
<p>Die Rechte an den Rezepten, Bildern, Bewertungen und Kommentaren, die du veröffentlichst, bleiben bei dir. Du erlaubst uns, sie zu speichern und anderen Nutzerinnen und Nutzern der Website so zu zeigen, wie es die jeweiligen Funktionen beschreiben. Veröffentliche nur, was du teilen darfst.</p>
<h2>3. Angemessene Nutzung</h2>
<ul><li>Sei freundlich in Bewertungen und Kommentaren.</li><li>Veröffentliche keine rechtswidrigen, hasserfüllten oder irreführenden Inhalte.</li><li>Versuche nicht, den Dienst oder die Konten anderer zu sabotieren, zu überlasten oder zu missbrauchen.</li></ul>
<h2>4. Noch in Arbeit</h2>
<p>Dies ist ein privates Projekt. Es wird so bereitgestellt, wie es ist, kann sich ändern oder ausfallen und kommt ohne jegliche Gewährleistung. Bewahre von allem, was dir wichtig ist, eine eigene Kopie auf.</p>
<h2>5. Datenschutz</h2>
<p>Wir speichern, was du uns gibst (Benutzername, E-Mail-Adresse, Name und deine Inhalte), um den Dienst zu betreiben. Wir verwenden nur unbedingt erforderliche Cookies; mehr dazu in der Cookie-Richtlinie.</p>
<h2>6. Änderungen</h2>
<p>Wir können diese Bedingungen aktualisieren. Eine neue Fassung gilt ab ihrem Veröffentlichungsdatum für neue Registrierungen.</p>`,

  fr: `<h1>Conditions d'utilisation</h1>
<p><em>Cette traduction est fournie à titre indicatif ; seule la version anglaise fait foi.</em></p>
<p>Bienvenue sur Potluck, un projet personnel qui permet à celles et ceux qui cuisinent à la maison de garder leurs recettes, de planifier leurs repas et de partager des idées avec leurs amis. En créant un compte, tu acceptes ces conditions.</p>
<h2>1. Ton compte</h2>
<p>Tu es responsable de ton compte et du secret de ton mot de passe. Préviens-nous immédiatement si tu penses que quelqu'un d'autre l'a utilisé.</p>
<h2>2. Ton contenu</h2>
<p>Tu conserves les droits sur les recettes, images, notes et commentaires que tu publies. Tu nous autorises à les conserver et à les montrer aux autres utilisateurs du site, comme le décrivent les fonctionnalités. Ne publie que ce que tu as le droit de partager.</p>
<h2>3. Utilisation acceptable</h2>
<ul><li>Sois bienveillant·e dans tes notes et tes commentaires.</li><li>Ne publie aucun contenu illégal, haineux ou trompeur.</li><li>N'essaie pas de casser, de surcharger ou de détourner le service ou les comptes d'autres personnes.</li></ul>
<h2>4. Un projet en cours</h2>
<p>Ceci est un projet personnel. Il est fourni tel quel, peut changer ou cesser de fonctionner, et n'est assorti d'aucune garantie. Garde ta propre copie de tout ce qui compte pour toi.</p>
<h2>5. Confidentialité</h2>
<p>Nous conservons ce que tu nous fournis (nom d'utilisateur, adresse e-mail, nom et ton contenu) pour faire fonctionner le service. Nous n'utilisons que des cookies strictement nécessaires ; consulte la Politique relative aux cookies.</p>
<h2>6. Modifications</h2>
<p>Nous pouvons mettre à jour ces conditions. Une nouvelle version s'applique aux nouvelles inscriptions à partir de sa date de publication.</p>`,

  es: `<h1>Condiciones del servicio</h1>
<p><em>Esta traducción se ofrece solo a título informativo; prevalece la versión en inglés.</em></p>
<p>Te damos la bienvenida a Potluck, un proyecto personal para que quienes cocinan en casa guarden sus recetas, planifiquen sus comidas y compartan ideas con sus amigos. Al crear una cuenta, aceptas estas condiciones.</p>
<h2>1. Tu cuenta</h2>
<p>Eres responsable de tu cuenta y de mantener tu contraseña en secreto. Avísanos de inmediato si crees que otra persona la ha usado.</p>
<h2>2. Tu contenido</h2>
<p>Conservas los derechos sobre las recetas, imágenes, valoraciones y comentarios que publicas. Nos das permiso para guardarlos y mostrarlos a otros usuarios del sitio tal como lo describen las funciones. Publica solo lo que tengas derecho a compartir.</p>
<h2>3. Uso aceptable</h2>
<ul><li>Sé amable en tus valoraciones y comentarios.</li><li>No publiques contenido ilegal, que incite al odio o engañoso.</li><li>No intentes dañar, sobrecargar ni hacer un mal uso del servicio ni de las cuentas de otras personas.</li></ul>
<h2>4. Un proyecto en desarrollo</h2>
<p>Este es un proyecto personal. Se ofrece tal cual, puede cambiar o dejar de funcionar y no tiene ninguna garantía. Guarda tu propia copia de todo lo que te importe.</p>
<h2>5. Privacidad</h2>
<p>Guardamos lo que nos das (nombre de usuario, correo electrónico, nombre y tu contenido) para que el servicio funcione. Solo usamos cookies estrictamente necesarias; consulta la Política de cookies.</p>
<h2>6. Cambios</h2>
<p>Podemos actualizar estas condiciones. Cada nueva versión se aplica a los nuevos registros a partir de su fecha de publicación.</p>`,

  it: `<h1>Termini di servizio</h1>
<p><em>Questa traduzione è fornita solo per comodità; fa fede la versione inglese.</em></p>
<p>Ti diamo il benvenuto su Potluck, un progetto personale per chi cucina a casa: per conservare le ricette, pianificare i pasti e condividere idee con gli amici. Creando un account accetti questi termini.</p>
<h2>1. Il tuo account</h2>
<p>Sei responsabile del tuo account e della segretezza della tua password. Avvisaci subito se pensi che qualcun altro l'abbia usata.</p>
<h2>2. I tuoi contenuti</h2>
<p>Mantieni i diritti su ricette, immagini, valutazioni e commenti che pubblichi. Ci dai il permesso di conservarli e di mostrarli agli altri utenti del sito come descritto dalle funzionalità. Pubblica solo ciò che hai il diritto di condividere.</p>
<h2>3. Uso consentito</h2>
<ul><li>Sii gentile nelle valutazioni e nei commenti.</li><li>Non pubblicare contenuti illeciti, d'odio o ingannevoli.</li><li>Non cercare di danneggiare, sovraccaricare o usare in modo improprio il servizio o gli account di altre persone.</li></ul>
<h2>4. Un lavoro in corso</h2>
<p>Questo è un progetto personale. Viene fornito così com'è, può cambiare o smettere di funzionare ed è privo di qualsiasi garanzia. Conserva una tua copia di tutto ciò che ti sta a cuore.</p>
<h2>5. Privacy</h2>
<p>Conserviamo ciò che ci fornisci (nome utente, email, nome e i tuoi contenuti) per far funzionare il servizio. Usiamo solo cookie strettamente necessari; consulta l'Informativa sui cookie.</p>
<h2>6. Modifiche</h2>
<p>Potremmo aggiornare questi termini. Una nuova versione si applica alle nuove iscrizioni a partire dalla sua data di pubblicazione.</p>`,

  nl: `<h1>Servicevoorwaarden</h1>
<p><em>Deze vertaling is alleen bedoeld voor het gemak; de Engelse versie is bindend.</em></p>
<p>Welkom bij Potluck, een persoonlijk project voor thuiskoks om recepten te bewaren, maaltijden te plannen en ideeën met vrienden te delen. Door een account aan te maken ga je akkoord met deze voorwaarden.</p>
<h2>1. Jouw account</h2>
<p>Je bent verantwoordelijk voor je account en voor het geheimhouden van je wachtwoord. Laat het ons meteen weten als je denkt dat iemand anders het heeft gebruikt.</p>
<h2>2. Jouw content</h2>
<p>Je behoudt de rechten op de recepten, afbeeldingen, beoordelingen en reacties die je publiceert. Je geeft ons toestemming om ze op te slaan en te tonen aan andere gebruikers van de site, zoals de functies dat beschrijven. Publiceer alleen wat je mag delen.</p>
<h2>3. Aanvaardbaar gebruik</h2>
<ul><li>Wees vriendelijk in beoordelingen en reacties.</li><li>Plaats geen onwettige, haatdragende of misleidende content.</li><li>Probeer de dienst of de accounts van anderen niet te verstoren, te overbelasten of te misbruiken.</li></ul>
<h2>4. Werk in uitvoering</h2>
<p>Dit is een persoonlijk project. Het wordt aangeboden zoals het is, kan veranderen of stukgaan en komt zonder enige garantie. Bewaar zelf een kopie van alles wat belangrijk voor je is.</p>
<h2>5. Privacy</h2>
<p>We bewaren wat je ons geeft (gebruikersnaam, e-mailadres, naam en je content) om de dienst te laten werken. We gebruiken alleen strikt noodzakelijke cookies; zie het Cookiebeleid.</p>
<h2>6. Wijzigingen</h2>
<p>We kunnen deze voorwaarden bijwerken. Een nieuwe versie geldt voor nieuwe aanmeldingen vanaf de datum waarop ze is gepubliceerd.</p>`,

  "pt-BR": `<h1>Termos de serviço</h1>
<p><em>Esta tradução é oferecida apenas por conveniência; prevalece a versão em inglês.</em></p>
<p>Boas-vindas ao Potluck, um projeto pessoal para quem cozinha em casa guardar receitas, planejar refeições e compartilhar ideias com os amigos. Ao criar uma conta, você concorda com estes termos.</p>
<h2>1. Sua conta</h2>
<p>Você é responsável pela sua conta e por manter sua senha em segredo. Avise a gente imediatamente se achar que outra pessoa a usou.</p>
<h2>2. Seu conteúdo</h2>
<p>Você mantém os direitos sobre as receitas, imagens, avaliações e comentários que publica. Você nos autoriza a armazená-los e mostrá-los a outros usuários do site, como os recursos descrevem. Publique apenas o que você tem o direito de compartilhar.</p>
<h2>3. Uso aceitável</h2>
<ul><li>Seja gentil nas avaliações e nos comentários.</li><li>Não publique conteúdo ilegal, de ódio ou enganoso.</li><li>Não tente danificar, sobrecarregar ou usar indevidamente o serviço ou as contas de outras pessoas.</li></ul>
<h2>4. Um projeto em andamento</h2>
<p>Este é um projeto pessoal. Ele é oferecido como está, pode mudar ou parar de funcionar e não tem nenhuma garantia. Guarde sua própria cópia de tudo o que for importante para você.</p>
<h2>5. Privacidade</h2>
<p>Armazenamos o que você nos fornece (nome de usuário, e-mail, nome e seu conteúdo) para manter o serviço funcionando. Usamos apenas cookies estritamente necessários; veja a Política de cookies.</p>
<h2>6. Alterações</h2>
<p>Podemos atualizar estes termos. Uma nova versão vale para novos cadastros a partir da data de sua publicação.</p>`,

  pl: `<h1>Regulamin</h1>
<p><em>To tłumaczenie ma charakter wyłącznie informacyjny; wiążąca jest wersja angielska.</em></p>
<p>Witamy w Potluck, prywatnym projekcie dla domowych kucharzy, w którym możesz przechowywać przepisy, planować posiłki i dzielić się pomysłami ze znajomymi. Zakładając konto, akceptujesz niniejszy regulamin.</p>
<h2>1. Twoje konto</h2>
<p>Odpowiadasz za swoje konto i za zachowanie hasła w tajemnicy. Daj nam od razu znać, jeśli podejrzewasz, że ktoś inny z niego korzystał.</p>
<h2>2. Twoje treści</h2>
<p>Zachowujesz prawa do przepisów, zdjęć, ocen i komentarzy, które publikujesz. Pozwalasz nam je przechowywać i pokazywać innym użytkownikom serwisu w sposób opisany przy poszczególnych funkcjach. Publikuj tylko to, czym masz prawo się dzielić.</p>
<h2>3. Zasady korzystania</h2>
<ul><li>Oceniaj i komentuj życzliwie.</li><li>Nie publikuj treści niezgodnych z prawem, szerzących nienawiść ani wprowadzających w błąd.</li><li>Nie próbuj psuć, przeciążać ani nadużywać serwisu lub kont innych osób.</li></ul>
<h2>4. Projekt w budowie</h2>
<p>To prywatny projekt. Jest udostępniany w takim stanie, w jakim jest, może się zmienić lub przestać działać i nie jest objęty żadną gwarancją. Przechowuj własną kopię wszystkiego, co jest dla ciebie ważne.</p>
<h2>5. Prywatność</h2>
<p>Przechowujemy to, co nam przekazujesz (nazwę użytkownika, adres e-mail, imię i nazwisko oraz twoje treści), aby serwis mógł działać. Używamy wyłącznie niezbędnych plików cookie; szczegóły znajdziesz w Polityce plików cookie.</p>
<h2>6. Zmiany</h2>
<p>Możemy aktualizować ten regulamin. Nowa wersja dotyczy osób rejestrujących się od dnia jej publikacji.</p>`,

  ja: `<h1>利用規約</h1>
<p><em>この翻訳は参考用です。正式な規約として適用されるのは英語版です。</em></p>
<p>Potluckへようこそ。Potluckは、家庭で料理をする人がレシピを保存し、献立を立て、友だちとアイデアを共有するための個人プロジェクトです。アカウントを作成すると、本規約に同意したものとみなされます。</p>
<h2>1. アカウント</h2>
<p>アカウントの管理とパスワードの秘密保持は、ご自身の責任で行ってください。他人に使われたと思われる場合は、すぐにお知らせください。</p>
<h2>2. あなたのコンテンツ</h2>
<p>あなたが公開したレシピ、画像、評価、コメントの権利は、あなたが保持します。各機能の説明のとおりに、それらを保存し、サイトの他のユーザーに表示することを私たちに許可するものとします。共有する権利のあるものだけを公開してください。</p>
<h2>3. 利用上のルール</h2>
<ul><li>評価やコメントでは思いやりのある言葉を使ってください。</li><li>違法なもの、憎悪をあおるもの、誤解を招くものを投稿しないでください。</li><li>サービスや他人のアカウントを壊そうとしたり、過剰な負荷をかけたり、不正に利用したりしないでください。</li></ul>
<h2>4. 開発中のプロジェクト</h2>
<p>これは個人プロジェクトです。現状のまま提供され、変更されたり動かなくなったりすることがあり、いかなる保証もありません。大切なものは、ご自身でも控えを保存しておいてください。</p>
<h2>5. プライバシー</h2>
<p>サービスを運営するために、あなたが提供した情報（ユーザー名、メールアドレス、名前、あなたのコンテンツ）を保存します。使用するCookieは必要不可欠なものだけです。詳しくはCookieポリシーをご覧ください。</p>
<h2>6. 変更</h2>
<p>本規約は更新されることがあります。新しい版は、その公開日以降の新規登録に適用されます。</p>`,

  ar: `<h1>شروط الخدمة</h1>
<p><em>هذه الترجمة مقدَّمة للتيسير فقط، والنسخة الإنجليزية هي المعتمدة.</em></p>
<p>مرحبًا بك في Potluck، وهو مشروع شخصي يتيح لمن يطبخون في المنزل حفظ وصفاتهم وتخطيط وجباتهم ومشاركة الأفكار مع أصدقائهم. بإنشائك حسابًا فإنك توافق على هذه الشروط.</p>
<h2>1. حسابك</h2>
<p>أنت مسؤول عن حسابك وعن الحفاظ على سرية كلمة المرور الخاصة بك. أخبرنا فورًا إذا ظننت أن شخصًا آخر قد استخدمه.</p>
<h2>2. محتواك</h2>
<p>تحتفظ بحقوق الوصفات والصور والتقييمات والتعليقات التي تنشرها، وتمنحنا الإذن بتخزينها وعرضها على مستخدمي الموقع الآخرين وفق ما تصفه الميزات. لا تنشر إلا ما يحق لك مشاركته.</p>
<h2>3. الاستخدام المقبول</h2>
<ul><li>كن لطيفًا في تقييماتك وتعليقاتك.</li><li>لا تنشر محتوى مخالفًا للقانون أو يحض على الكراهية أو مضللًا.</li><li>لا تحاول تعطيل الخدمة أو حسابات الآخرين أو إثقالها أو إساءة استخدامها.</li></ul>
<h2>4. مشروع قيد التطوير</h2>
<p>هذا مشروع شخصي، يُقدَّم كما هو، وقد يتغير أو يتعطل، ولا يأتي بأي ضمان. احتفظ بنسخة خاصة بك من كل ما يهمك.</p>
<h2>5. الخصوصية</h2>
<p>نخزّن ما تقدّمه لنا (اسم المستخدم والبريد الإلكتروني والاسم ومحتواك) لتشغيل الخدمة. لا نستخدم إلا ملفات تعريف الارتباط الضرورية تمامًا؛ راجع سياسة ملفات تعريف الارتباط.</p>
<h2>6. التغييرات</h2>
<p>قد نحدّث هذه الشروط، ويسري أي إصدار جديد على التسجيلات الجديدة اعتبارًا من تاريخ نشره.</p>`,
};

/** The translations of each version of the Terms of Service, by version number. */
export const TRANSLATED_TERMS: Record<number, Partial<Record<Language, string>>> = {
  1: VERSION_1,
};
