// The demo's prose relevance study: questions a rider might ask about the trams of Lindenfeld, a
// fictional city, and passages written for the demo in the shape of a transit authority's help
// pages and local news. Each passage carries the grade an expert gives it for its own question
// (2 answers it, 1 is on the topic without the answer, 0 is about something else).

export type DemoQuestion = { id: string; text: string };
export type DemoPassage = { id: string; question: string; grade: 0 | 1 | 2; text: string };

export const RELEVANCE_QUESTIONS: DemoQuestion[] = [
  { id: "lt-1", text: "How late do the trams run on weekends?" },
  { id: "lt-2", text: "Can I take a bicycle on a Lindenfeld tram?" },
  { id: "lt-3", text: "How do I get a refund for a monthly pass I no longer need?" },
  { id: "lt-4", text: "Which tram line goes to the airport?" },
  { id: "lt-5", text: "Are the trams step-free for wheelchair users?" },
  { id: "lt-6", text: "What happens if I forget to validate my ticket?" },
];

export const RELEVANCE_PASSAGES: DemoPassage[] = [
  {
    id: "lt-1-a",
    question: "lt-1",
    grade: 2,
    text: "On Friday and Saturday nights every tram line keeps running until 2:30 a.m., with a tram every 20 minutes after midnight. On Sundays the last trams leave the terminus stops at 12:45 a.m.\n\nThe night timetable applies on the eve of public holidays as well.",
  },
  {
    id: "lt-1-b",
    question: "lt-1",
    grade: 2,
    text: "Weekend night service: lines 1 to 6 run through the night on Saturdays, every 30 minutes between 1 a.m. and 5 a.m. Line 7 stops at midnight, as on weekdays.",
  },
  {
    id: "lt-1-c",
    question: "lt-1",
    grade: 1,
    text: "The city council voted in March to study a 24-hour tram service. A report on costs and staffing is due next year; until then the timetable stays as it is.",
  },
  {
    id: "lt-1-d",
    question: "lt-1",
    grade: 1,
    text: "Timetables for every line are posted at each stop and in the Lindenfeld Transit app. Weekday, Saturday and Sunday timetables differ, so check the one for the day you travel.",
  },
  {
    id: "lt-1-e",
    question: "lt-1",
    grade: 0,
    text: "The tram depot on Mühlenweg opens its doors to visitors on the first Sunday of September. Children can sit in the driver's cab of a 1962 tram.",
  },
  {
    id: "lt-2-a",
    question: "lt-2",
    grade: 2,
    text: "Bicycles may travel on all trams outside the morning and evening peaks (7 to 9 a.m. and 4 to 6 p.m. on weekdays), in the multi-purpose area marked with a bicycle sign. A bicycle needs its own reduced-fare ticket.",
  },
  {
    id: "lt-2-b",
    question: "lt-2",
    grade: 2,
    text: "Folding bicycles, folded, ride free at any time like luggage. Other bicycles are allowed outside peak hours only, and wheelchairs and prams have priority in the multi-purpose area.",
  },
  {
    id: "lt-2-c",
    question: "lt-2",
    grade: 1,
    text: "Lindenfeld opened 14 new bicycle parking stations next to tram stops this year, so riders can cycle to the tram and leave their bicycle locked and covered.",
  },
  {
    id: "lt-2-d",
    question: "lt-2",
    grade: 0,
    text: "The bike-sharing scheme LindenRad has 900 bicycles at 80 stations. The first 30 minutes of every ride are free for holders of a monthly tram pass.",
  },
  {
    id: "lt-2-e",
    question: "lt-2",
    grade: 1,
    text: "Riders asked the transit authority to allow bicycles during rush hour. It answered that the trams are too full at those times, and that it will count passengers again next spring.",
  },
  {
    id: "lt-3-a",
    question: "lt-3",
    grade: 2,
    text: "A monthly pass can be returned at any service centre or in the app until the 10th of its month: you get back the full price minus a 5 euro fee. After the 10th, no refund is possible except for illness, with a doctor's certificate.",
  },
  {
    id: "lt-3-b",
    question: "lt-3",
    grade: 1,
    text: "Monthly passes are valid from the first to the last day of a calendar month, on every tram and bus line in zones A and B. They can be bought from the 20th of the month before.",
  },
  {
    id: "lt-3-c",
    question: "lt-3",
    grade: 2,
    text: "To cancel a pass in the Lindenfeld Transit app, open Tickets, choose the pass, then Return ticket. The refund goes back to the card you paid with within five working days.",
  },
  {
    id: "lt-3-d",
    question: "lt-3",
    grade: 0,
    text: "Students under 27 pay half price for a monthly pass when they show a valid student card from a university or vocational school in the region.",
  },
  {
    id: "lt-3-e",
    question: "lt-3",
    grade: 1,
    text: "Complaints about tickets and fares are handled by the customer service team, which answers within ten working days. Write to service@lindenfeld-transit.example.",
  },
  {
    id: "lt-4-a",
    question: "lt-4",
    grade: 2,
    text: "Line 4 runs from the central station to Lindenfeld Airport every ten minutes; the ride takes 28 minutes. The airport stop is directly below Terminal 1.",
  },
  {
    id: "lt-4-b",
    question: "lt-4",
    grade: 1,
    text: "The airport is in fare zone C. A zone A ticket is not enough for the whole ride: buy a zone ABC ticket or an airport single.",
  },
  {
    id: "lt-4-c",
    question: "lt-4",
    grade: 2,
    text: "Going to the airport? Take tram 4 towards Flughafen; at night, when line 4 does not run, the airport bus N4 leaves from the same stop.",
  },
  {
    id: "lt-4-d",
    question: "lt-4",
    grade: 0,
    text: "Lindenfeld Airport served 6.1 million passengers last year, most of them on flights to other European cities. A second runway is under discussion.",
  },
  {
    id: "lt-4-e",
    question: "lt-4",
    grade: 1,
    text: "Construction on the tracks near Ostpark closes part of line 4 for two weekends in May; replacement buses run between Ostpark and Messe.",
  },
  {
    id: "lt-5-a",
    question: "lt-5",
    grade: 2,
    text: "All trams in service are low-floor trams with a level entry at the second door. 92 of the 104 stops have raised platforms; the twelve without one are marked in the network map with a white circle.",
  },
  {
    id: "lt-5-b",
    question: "lt-5",
    grade: 1,
    text: "The transit authority's accessibility plan sets out how the remaining stops will be rebuilt by 2028, starting with the stops near hospitals.",
  },
  {
    id: "lt-5-c",
    question: "lt-5",
    grade: 2,
    text: "Wheelchair users board at the door with the blue wheelchair sign; a ramp folds out at stops without a raised platform when you press the blue button.",
  },
  {
    id: "lt-5-d",
    question: "lt-5",
    grade: 0,
    text: "Guide dogs and assistance dogs travel free of charge on all trams and buses, and need not wear a muzzle.",
  },
  {
    id: "lt-5-e",
    question: "lt-5",
    grade: 1,
    text: "Riders with reduced mobility can ask for assistance at the central station's service centre, which is open every day from 6 a.m. to 10 p.m.",
  },
  {
    id: "lt-6-a",
    question: "lt-6",
    grade: 2,
    text: "A paper ticket is valid only once it is stamped in the validator on board. Inspectors charge a 60 euro penalty fare for an unstamped ticket; it drops to 7 euros if you show a valid monthly pass at a service centre within a week.",
  },
  {
    id: "lt-6-b",
    question: "lt-6",
    grade: 1,
    text: "Tickets bought in the app are valid from the moment of purchase and need no stamping. Show the QR code when an inspector asks.",
  },
  {
    id: "lt-6-c",
    question: "lt-6",
    grade: 2,
    text: "Forgot to stamp your ticket? If an inspector finds it, you pay the penalty fare of 60 euros on the spot or by bank transfer within two weeks; saying you forgot is no excuse.",
  },
  {
    id: "lt-6-d",
    question: "lt-6",
    grade: 0,
    text: "The validators on older trams are being replaced by contactless readers that accept bank cards, starting on line 2 in the autumn.",
  },
  {
    id: "lt-6-e",
    question: "lt-6",
    grade: 1,
    text: "Ticket inspections were stepped up this year: inspectors now check about one tram in ten, most often in the evening.",
  },
];
