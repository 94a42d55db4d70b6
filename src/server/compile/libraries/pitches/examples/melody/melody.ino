// Melody: plays a tune once on the buzzer, as the Arduino IDE's toneMelody example does.
// The buzzer is on pin 8. Each note lasts 1000 / its length milliseconds (4 = a quarter note).
#include "pitches.h"

const int BUZZER_PIN = 8;
int melody[] = {NOTE_C4, NOTE_E4, NOTE_G4, REST, NOTE_C5};
int noteLengths[] = {4, 4, 4, 8, 2};

void setup() {
  for (int note = 0; note < 5; note++) {
    int duration = 1000 / noteLengths[note];
    if (melody[note] != REST) tone(BUZZER_PIN, melody[note], duration);
    delay(duration * 1.30);  // a little silence between the notes
    noTone(BUZZER_PIN);
  }
}

void loop() {}
