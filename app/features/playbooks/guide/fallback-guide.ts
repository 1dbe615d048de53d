/**
 * Our own written guide, shown when the remote Google Doc can't be fetched.
 * It is written in the shape of a Google Docs "export as HTML" document
 * (class-based style block, Title paragraph, h1 sections with h2/h3
 * subsections, flat `lst-kix` lists, redirect links, `#h.` heading links) so
 * that it goes through the same transformGuide as the remote document. The
 * last top-level section is "Next steps", so the directory lands before it.
 */
export const FALLBACK_GUIDE_HTML = `<html>
<head>
<meta content="text/html; charset=UTF-8" http-equiv="content-type">
<style type="text/css">
ol,ul{margin:0;padding:0}
.c0{background-color:#ffffff;max-width:468pt;padding:72pt 72pt 72pt 72pt}
.c1{padding-top:0pt;padding-bottom:8pt;line-height:1.15;orphans:2;widows:2;text-align:left}
.c2{color:#000000;font-weight:400;text-decoration:none;vertical-align:baseline;font-size:11pt;font-family:"Arial";font-style:normal}
.c3{font-weight:700}
.c4{font-style:italic}
.c5{color:#1155cc;text-decoration:underline}
.c6{color:inherit;text-decoration:inherit}
.c7{margin-left:36pt;padding-left:0pt}
.c8{margin-left:72pt;padding-left:0pt}
.c9{border-spacing:0;border-collapse:collapse;margin-right:auto}
.c10{border:1pt solid #000000;padding:5pt 5pt 5pt 5pt;vertical-align:top}
.title{padding-top:0pt;color:#000000;font-size:26pt;padding-bottom:3pt;font-family:"Arial"}
.subtitle{padding-top:0pt;color:#666666;font-size:15pt;padding-bottom:16pt;font-family:"Arial"}
h1{padding-top:20pt;color:#000000;font-size:20pt;padding-bottom:6pt;font-family:"Arial"}
h2{padding-top:18pt;color:#000000;font-size:16pt;padding-bottom:6pt;font-family:"Arial"}
h3{padding-top:16pt;color:#434343;font-size:14pt;padding-bottom:4pt;font-family:"Arial"}
</style>
</head>
<body class="c0 doc-content">
<p class="c1 title" id="h.t1tle0guide"><span class="c2">The Shopify App Launch &amp; Scaling Playbook</span></p>
<p class="c1 subtitle" id="h.sub7itle0gd"><span class="c2">A field guide for founders taking a Shopify app from idea to its first thousand merchants</span></p>
<p class="c1"><span class="c2">Most Shopify apps that fail don&rsquo;t fail on code. They fail because nobody needed them badly enough, because the listing never ranked, or because merchants installed, got confused and left within a day. This playbook follows the journey in the order you will live it: validating the idea, passing app review, launching, winning your first 100 merchants, choosing growth channels, pricing, keeping merchants and, finally, scaling the business. Jump to the stage you are in, take two actions from it this week, and come back as you move forward.</span></p>

<h1 class="c1" id="h.v4lid8demand"><span class="c2">Validate demand before you write code</span></h1>
<p class="c1"><span class="c2">The Shopify ecosystem rewards apps that solve a specific, expensive problem for a specific kind of merchant. &ldquo;Helps stores grow&rdquo; is not a problem. &ldquo;Fashion stores lose a fifth of their orders to returns because size charts are inconsistent&rdquo; is one. Spend two to four weeks here; it is the cheapest time you will ever spend on the app.</span></p>
<h2 class="c1" id="h.pr0blem4pay"><span class="c2">Find a problem merchants already pay to solve</span></h2>
<p class="c1"><span class="c2">Look for workflows where merchants lose money or hours every single week. The strongest signals that you have found one:</span></p>
<ul class="c7 lst-kix_k2v8a1-0 start">
<li class="c1 c7"><span class="c2">Merchants describe the problem without prompting, in their own words.</span></li>
<li class="c1 c7"><span class="c2">They already use a workaround: a spreadsheet, a freelancer, or an app they complain about.</span></li>
<li class="c1 c7"><span class="c2">The cost of the problem grows with order volume, so the value of your fix grows with the store.</span></li>
<li class="c1 c7"><span class="c2">It touches data Shopify exposes through its APIs, so you can solve it inside the admin rather than around it.</span></li>
</ul>
<h2 class="c1" id="h.int3rviews20"><span class="c2">Interview 15 to 20 merchants</span></h2>
<p class="c1"><span class="c2">Recruit from merchant communities, agencies and your own network, and keep each call to twenty minutes. Ask about the past, never about hypotheticals, because everyone is enthusiastic about an app that doesn&rsquo;t exist yet:</span></p>
<ol class="c7 lst-kix_m5q2x9-0 start" start="1">
<li class="c1 c7"><span class="c2">Walk me through the last time this happened. What did you do?</span></li>
<li class="c1 c7"><span class="c2">What have you tried to fix it, and what did that cost you in money and time?</span></li>
<li class="c1 c7"><span class="c2">Which apps do you pay for today, and which one would you cancel first?</span></li>
<li class="c1 c7"><span class="c2">If this were solved tomorrow, what would change in your week?</span></li>
</ol>
<p class="c1"><span class="c2">Score every interview from 1 to 5 on pain, frequency and willingness to pay. If fewer than a third of the merchants you speak to score 4 or more on pain, keep looking: a lukewarm problem becomes a very expensive marketing budget later.</span></p>
<h2 class="c1" id="h.m1ne0store"><span class="c2">Mine the App Store for gaps</span></h2>
<p class="c1"><span class="c2">Competitor reviews are free research. Read the one-, two- and three-star reviews of the ten leading apps in your category on the </span><span class="c5"><a class="c6" href="https://www.google.com/url?q=https://apps.shopify.com/&amp;sa=D&amp;source=editors&amp;ust=1718000000000001&amp;usg=AOvVaw3pLq1">Shopify App Store</a></span><span class="c2">&nbsp;and tag each complaint: missing feature, slow support, performance, price, difficult setup. The tags that come up most often are your positioning. A crowded category is not a bad sign on its own; a crowded category where every app collects the same complaint is an opening.</span></p>
<h2 class="c1" id="h.g0n0g0check"><span class="c2">The go / no-go checklist</span></h2>
<p class="c1"><span class="c2">Start building only when you can tick every line:</span></p>
<ul class="c7 lst-kix_p7r3d0-0 start">
<li class="c1 c7"><span class="c2">At least five merchants asked to be told the moment the app is ready.</span></li>
</ul>
<ul class="c8 lst-kix_p7r3d0-1 start">
<li class="c1 c8"><span class="c2">Two or more offered to pay for early access or a paid pilot.</span></li>
</ul>
<ul class="c7 lst-kix_p7r3d0-0">
<li class="c1 c7"><span class="c2">You can describe the app in one sentence without the word &ldquo;and&rdquo;.</span></li>
<li class="c1 c7"><span class="c2">You know which APIs and access scopes you need, and nothing in Shopify&rsquo;s app requirements blocks the idea.</span></li>
<li class="c1 c7"><span class="c2">You have a way to reach the next 50 merchants once friends and early fans have installed.</span></li>
</ul>

<h1 class="c1" id="h.bu1ld0small"><span class="c2">Build the smallest app that passes review</span></h1>
<h2 class="c1" id="h.sc0pe0v1"><span class="c2">Scope a first version that does one job well</span></h2>
<p class="c1"><span class="c2">Your first release should solve the core problem end to end and nothing else. Merchants forgive missing features; they don&rsquo;t forgive a setup that takes an hour. Design onboarding so that a merchant sees a first result (a synced catalog, a recovered cart, a finished report) </span><span class="c3">within five minutes of installing</span><span class="c2">. Everything that doesn&rsquo;t serve that moment can wait for version two.</span></p>
<h2 class="c1" id="h.r3view0trips"><span class="c2">Requirements that trip up first submissions</span></h2>
<p class="c1"><span class="c2">Shopify reviews every public app against its published </span><span class="c5"><a class="c6" href="https://www.google.com/url?q=https://shopify.dev/docs/apps/launch/app-requirements-checklist&amp;sa=D&amp;source=editors&amp;ust=1718000000000002&amp;usg=AOvVaw3pLq2">app requirements checklist</a></span><span class="c2">, the same list the review team uses. The items founders miss most often:</span></p>
<ul class="c7 lst-kix_w1z4c6-0 start">
<li class="c1 c7"><span class="c2">Authenticate immediately on install and on reinstall, then land the merchant inside the app. Never ask for a shop domain or a separate sign-up first.</span></li>
<li class="c1 c7"><span class="c2">Embedded apps should use session tokens and the current App Bridge, so the app works in the Shopify admin in every browser.</span></li>
<li class="c1 c7"><span class="c2">Subscribe to the mandatory </span><span class="c5"><a class="c6" href="https://www.google.com/url?q=https://shopify.dev/docs/apps/build/compliance/privacy-law-compliance&amp;sa=D&amp;source=editors&amp;ust=1718000000000003&amp;usg=AOvVaw3pLq3">privacy compliance webhooks</a></span><span class="c2">&nbsp;(customers/data_request, customers/redact and shop/redact) and verify their HMAC signatures, even if you store no customer data at all.</span></li>
<li class="c1 c7"><span class="c2">Charge through Shopify&rsquo;s billing (the Billing API or managed pricing) for whatever the app sells to merchants, and let merchants change plans without writing to you.</span></li>
<li class="c1 c7"><span class="c2">Request only the access scopes you actually use. Reviewers ask why for every extra one.</span></li>
</ul>
<h2 class="c1" id="h.subm1ssion0"><span class="c2">Prepare the submission</span></h2>
<p class="c1"><span class="c2">Review moves faster when reviewers can test without guessing. Include a short screencast of the main flow, test credentials for any external account, and precise steps for features that need data, such as &ldquo;create an order with a discount code to see the report&rdquo;. Before submitting, test on a fresh development store, on a slow connection, and after uninstalling and reinstalling. Expect at least one round of feedback: answer it the same day, fix every point on the list, and resubmit with a note describing each change.</span></p>

<h1 class="c1" id="h.l1sting0conv"><span class="c2">Write an App Store listing that converts</span></h1>
<p class="c1"><span class="c2">The listing is your most important sales page. Merchants compare three or four apps in a few minutes, so every element has to earn its place.</span></p>
<h2 class="c1" id="h.n4me0tagline"><span class="c2">Name, tagline and introduction</span></h2>
<p class="c1"><span class="c2">Lead with the outcome, not the technology: &ldquo;Recover abandoned carts by text message&rdquo; beats &ldquo;AI-powered engagement platform&rdquo;. Reuse the words merchants used in your interviews, because those are the words they type into the App Store search box.</span></p>
<h2 class="c1" id="h.scr33nshots"><span class="c2">Screenshots and video</span></h2>
<p class="c1"><span class="c2">Show the app working on realistic store data, with a short caption on each image that states the benefit. The first screenshot does most of the work, so make it the moment the problem gets solved. A 60 to 90 second video that goes from install to first result removes the biggest objection of all, which is </span><span class="c4">&ldquo;this looks like work&rdquo;</span><span class="c2">.</span></p>
<h2 class="c1" id="h.s3arch0terms"><span class="c2">Search terms, categories and ranking</span></h2>
<p class="c1"><span class="c2">Choose the category where merchants actually browse for your kind of solution, and fill the search terms with the phrases from your research. Ranking leans heavily on installs, engagement and reviews, which is why the launch plan below is built around early, genuine reviews.</span></p>
<h3 class="c1" id="h.l1st0check"><span class="c2">Listing checklist</span></h3>
<table class="c9">
<tbody>
<tr><td class="c10"><p class="c1"><span class="c3">Element</span></p></td><td class="c10"><p class="c1"><span class="c3">What good looks like</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">App icon</span></p></td><td class="c10"><p class="c1"><span class="c2">Simple, recognizable at small sizes, no text</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">Tagline</span></p></td><td class="c10"><p class="c1"><span class="c2">One outcome, in the merchant&rsquo;s own words</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">First screenshot</span></p></td><td class="c10"><p class="c1"><span class="c2">The problem being solved, with a one-line caption</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">Pricing</span></p></td><td class="c10"><p class="c1"><span class="c2">Every plan visible, trial length stated plainly</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">Support</span></p></td><td class="c10"><p class="c1"><span class="c2">A real contact and a response time you can keep</span></p></td></tr>
</tbody>
</table>

<h1 class="c1" id="h.l4unch0week"><span class="c2">Launch week, day by day</span></h1>
<p class="c1"><span class="c2">A launch is not one announcement. It is a week of concentrated effort that gives new merchants, and the App Store&rsquo;s ranking, a reason to notice you. Prepare every message before approval arrives, so that the day you go live is spent talking to merchants rather than writing copy.</span></p>
<table class="c9">
<tbody>
<tr><td class="c10"><p class="c1"><span class="c3">Day</span></p></td><td class="c10"><p class="c1"><span class="c3">Focus</span></p></td><td class="c10"><p class="c1"><span class="c3">Actions</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">1</span></p></td><td class="c10"><p class="c1"><span class="c2">Waitlist</span></p></td><td class="c10"><p class="c1"><span class="c2">Email everyone who asked to hear about the launch and offer a personal onboarding call.</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">2</span></p></td><td class="c10"><p class="c1"><span class="c2">Communities</span></p></td><td class="c10"><p class="c1"><span class="c2">Share a genuinely useful write-up, not an advert, in the merchant communities you researched in.</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">3</span></p></td><td class="c10"><p class="c1"><span class="c2">Agencies</span></p></td><td class="c10"><p class="c1"><span class="c2">Send a two-minute demo video to ten agencies that serve your niche.</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">4</span></p></td><td class="c10"><p class="c1"><span class="c2">Onboarding</span></p></td><td class="c10"><p class="c1"><span class="c2">Watch where new installs stall and remove that step the same day.</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">5</span></p></td><td class="c10"><p class="c1"><span class="c2">Feedback</span></p></td><td class="c10"><p class="c1"><span class="c2">Ask merchants who reached their first result how it went, and invite a review in the app.</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">6&ndash;7</span></p></td><td class="c10"><p class="c1"><span class="c2">Review</span></p></td><td class="c10"><p class="c1"><span class="c2">Measure installs, activation and uninstalls, and plan week two around the weakest number.</span></p></td></tr>
</tbody>
</table>
<p class="c1"><span class="c2">Keep a launch log with every message sent and every reply received. By the end of the week it tells you which channel deserves your time in month two.</span></p>

<h1 class="c1" id="h.f1rst100"><span class="c2">Win your first 100 merchants</span></h1>
<p class="c1"><span class="c2">The first hundred merchants come from effort that doesn&rsquo;t scale, and that is fine. They teach you what to build next, and their reviews make the next thousand possible.</span></p>
<h2 class="c1" id="h.d1rect0out"><span class="c2">Direct outreach</span></h2>
<p class="c1"><span class="c2">Find stores in your niche that show the exact symptom your app fixes, and write a two-sentence message that names it. &ldquo;Your product pages show three size charts in different units&rdquo; gets replies; &ldquo;I built an app you might like&rdquo; doesn&rsquo;t. Send twenty of these a day for a month and you will know more about your market than any report can tell you.</span></p>
<h2 class="c1" id="h.ag3ncies0"><span class="c2">Agencies and freelancers</span></h2>
<p class="c1"><span class="c2">One agency can bring ten stores. Give partners free use on their development stores, a referral reward through your own partner programme, and priority support when their client is on the line. Your job is to make them look good in front of their clients.</span></p>
<h2 class="c1" id="h.r3views0right"><span class="c2">Earn reviews the right way</span></h2>
<p class="c1"><span class="c2">Shopify&rsquo;s App Store rules forbid incentivised reviews: no discounts, credits or gifts in exchange for a review, and no asking only happy merchants. What works is timing. Ask once, inside the app, right after a merchant reaches a clear success. Reply to every review, especially the critical ones; prospective merchants read your replies more carefully than the reviews themselves.</span></p>

<h1 class="c1" id="h.gr0wth0ch"><span class="c2">Growth channels that compound</span></h1>
<p class="c1"><span class="c2">After the first hundred, move your effort towards channels whose results accumulate month after month instead of resetting to zero.</span></p>
<h2 class="c1" id="h.app0search"><span class="c2">App Store search</span></h2>
<p class="c1"><span class="c2">For most healthy apps, App Store search and category browsing bring the majority of installs. Improve the listing&rsquo;s conversion before buying any traffic: test new screenshots and introductions, follow listing-to-install conversion in the Partner Dashboard, and keep your review count and rating moving.</span></p>
<h2 class="c1" id="h.c0ntent0seo"><span class="c2">Content and SEO</span></h2>
<p class="c1"><span class="c2">Write about the problem, not the app. A guide that answers &ldquo;how do I add size charts to my Shopify store&rdquo; can rank for years and brings merchants who already feel the pain. Show the manual solution honestly, then the faster way with your app.</span></p>
<h2 class="c1" id="h.int3grations"><span class="c2">Integrations and partnerships</span></h2>
<p class="c1"><span class="c2">Integrating with apps your merchants already use puts you in their listings, their help centres and their support replies. Choose partners that serve the same merchant with a different job, and agree on co-marketing before you write a line of integration code.</span></p>
<h2 class="c1" id="h.pa1d0acq"><span class="c2">Paid acquisition</span></h2>
<p class="c1"><span class="c2">App Store search ads can work once the listing converts well and you know how long a merchant takes to pay back what you spent to win them. Start with your exact category terms, cap the budget at what the resulting revenue can cover, and stop any campaign that doesn&rsquo;t pay back within the period you set yourself.</span></p>

<h1 class="c1" id="h.pr1cing0gr"><span class="c2">Price for growth</span></h1>
<p class="c1"><span class="c2">Pricing is a product decision. Tie price to a value metric that grows with the merchant, such as orders processed, products synced or messages sent, rather than to features a merchant cannot judge before installing.</span></p>
<h2 class="c1" id="h.fr33plan"><span class="c2">Free plan or free trial?</span></h2>
<p class="c1"><span class="c2">A free plan fills the top of the funnel and collects reviews, but it attracts stores that will never pay and it costs support time. A free trial of 7 or 14 days converts better when setup is quick and the value is obvious within the trial. Many successful apps combine both: a limited free plan for small stores and a trial on every paid tier.</span></p>
<h2 class="c1" id="h.thr33tiers"><span class="c2">A simple three-tier structure</span></h2>
<table class="c9">
<tbody>
<tr><td class="c10"><p class="c1"><span class="c3">Plan</span></p></td><td class="c10"><p class="c1"><span class="c3">Who it is for</span></p></td><td class="c10"><p class="c1"><span class="c3">Typical limits</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">Starter</span></p></td><td class="c10"><p class="c1"><span class="c2">New stores finding their feet</span></p></td><td class="c10"><p class="c1"><span class="c2">Low usage cap, core feature only</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">Growth</span></p></td><td class="c10"><p class="c1"><span class="c2">Established stores with steady orders</span></p></td><td class="c10"><p class="c1"><span class="c2">Higher cap, automations and integrations</span></p></td></tr>
<tr><td class="c10"><p class="c1"><span class="c2">Scale</span></p></td><td class="c10"><p class="c1"><span class="c2">High-volume and Shopify Plus merchants</span></p></td><td class="c10"><p class="c1"><span class="c2">Generous or custom limits, priority support</span></p></td></tr>
</tbody>
</table>
<p class="c1"><span class="c2">Bill recurring and usage charges through Shopify, offer an annual plan at a discount once retention is proven, and revisit prices every six months. When you raise prices, keep existing merchants on their current plan for a generous period; the goodwill is worth more than the extra revenue.</span></p>

<h1 class="c1" id="h.r3tention0"><span class="c2">Retention: keep merchants installed</span></h1>
<p class="c1"><span class="c2">Every uninstall costs you what you spent to win that merchant, and often a review as well. Retention is where profitable apps are made.</span></p>
<h2 class="c1" id="h.act1vation"><span class="c2">Onboarding to first value</span></h2>
<p class="c1"><span class="c2">Define your activation event, the moment a merchant first gets value, and measure the share of installs that reach it within a day. Remove steps, prefill settings from the store&rsquo;s own data, and send one genuinely helpful email to merchants who stall.</span></p>
<h2 class="c1" id="h.l1sten0leave"><span class="c2">Listen when merchants leave</span></h2>
<p class="c1"><span class="c2">Shopify notifies your app with the app/uninstalled webhook. Use it to send a single-question survey, and read every answer. Group the reasons every month: price, missing feature, confusion, store closed. Only the first three are yours to fix, so track them separately.</span></p>
<h2 class="c1" id="h.supp0rt0gr"><span class="c2">Support as a growth channel</span></h2>
<p class="c1"><span class="c2">Fast, human support is the cheapest way to stand out in the App Store, and it shows up in your reviews. Reply within hours rather than days, and turn every question you answer twice into guidance inside the app.</span></p>
<h3 class="c1" id="h.metr1cs0mo"><span class="c2">Metrics to review every month</span></h3>
<ul class="c7 lst-kix_r9t6y2-0 start">
<li class="c1 c7"><span class="c2">Activation rate within 24 hours of install.</span></li>
<li class="c1 c7"><span class="c2">30-, 60- and 90-day retention by install cohort.</span></li>
<li class="c1 c7"><span class="c2">Monthly revenue churn and net revenue retention.</span></li>
<li class="c1 c7"><span class="c2">Support conversations per 100 active merchants.</span></li>
</ul>

<h1 class="c1" id="h.sc4le0biz"><span class="c2">Scale the app and the business</span></h1>
<h2 class="c1" id="h.b0ring0infra"><span class="c2">Make the infrastructure boring</span></h2>
<p class="c1"><span class="c2">Growth exposes every shortcut. Queue webhook processing instead of doing the work inside the request, respect API rate limits with backoff, use bulk operations for large catalogs, and make every job safe to run twice, because Shopify retries webhooks it thinks have failed. Watch error rates per store so that you see a broken shop before its owner writes to you.</span></p>
<h2 class="c1" id="h.bfs0status"><span class="c2">Earn Built for Shopify status</span></h2>
<p class="c1"><span class="c2">Built for Shopify recognises apps that meet Shopify&rsquo;s highest bar for performance, design and integration. The status brings extra visibility in the App Store, and the </span><span class="c5"><a class="c6" href="https://www.google.com/url?q=https://shopify.dev/docs/apps/launch/built-for-shopify/requirements&amp;sa=D&amp;source=editors&amp;ust=1718000000000004&amp;usg=AOvVaw3pLq4">published requirements</a></span><span class="c2">&nbsp;make a sound engineering roadmap in their own right.</span></p>
<h2 class="c1" id="h.upm4rket"><span class="c2">Move up-market deliberately</span></h2>
<p class="c1"><span class="c2">Shopify Plus merchants pay more and churn less, but they expect uptime commitments, security questionnaires and someone who knows their account. Add these on purpose, usually once the self-serve product is stable, and price the top tier for the extra work.</span></p>
<h2 class="c1" id="h.t3am0bottle"><span class="c2">Hire around the bottleneck</span></h2>
<p class="c1"><span class="c2">Your first hires should remove your own bottleneck: usually support first, then an engineer who owns reliability, then someone who owns growth. Write your processes down as you go. The playbook you write for yourself becomes the onboarding for every person who joins.</span></p>

<h1 class="c1" id="h.n3xt0steps"><span class="c2">Next steps</span></h1>
<p class="c1"><span class="c2">You don&rsquo;t have to do all of this at once, or alone. Pick the stage you are in, choose two actions from that section, and put them in this week&rsquo;s calendar. If you are still at the idea stage, start with </span><span class="c5"><a class="c6" href="#h.g0n0g0check">the go / no-go checklist</a></span><span class="c2">. And if you would like a second pair of eyes on your validation interviews, your listing, your launch plan or your pricing, book a call with our team and we will work through your app with you.</span></p>
</body>
</html>
`;
