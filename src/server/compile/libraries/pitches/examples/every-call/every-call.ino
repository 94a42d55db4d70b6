// Every note name pitches.h gives, from the lowest to the highest, and REST.
#include <pitches.h>

const int notes[] = {REST, NOTE_B0, NOTE_C1, NOTE_CS1, NOTE_D1, NOTE_DS1, NOTE_E1, NOTE_F1, NOTE_FS1, NOTE_G1,
                     NOTE_GS1, NOTE_A1, NOTE_AS1, NOTE_B1, NOTE_C4, NOTE_A4, NOTE_C8, NOTE_D8, NOTE_DS8};

void setup() {
  Serial.begin(9600);
  for (int note : notes) Serial.println(note);
}

void loop() {}
