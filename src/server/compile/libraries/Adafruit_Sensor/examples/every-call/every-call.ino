// Every part of the Adafruit_Sensor interface once: a sensor of our own that answers the light.
#include <Adafruit_Sensor.h>

class LightSensor : public Adafruit_Sensor {
 public:
  bool getEvent(sensors_event_t *event) {
    memset(event, 0, sizeof(sensors_event_t));
    event->version = sizeof(sensors_event_t);
    event->sensor_id = 7;
    event->type = SENSOR_TYPE_LIGHT;
    event->timestamp = millis();
    event->light = analogRead(A0);
    return true;
  }
  void getSensor(sensor_t *sensor) {
    memset(sensor, 0, sizeof(sensor_t));
    strncpy(sensor->name, "Light", sizeof(sensor->name) - 1);
    sensor->version = 1;
    sensor->sensor_id = 7;
    sensor->type = SENSOR_TYPE_LIGHT;
    sensor->max_value = 1023;
    sensor->min_value = 0;
    sensor->resolution = 1;
    sensor->min_delay = 0;
  }
};

LightSensor light;

void setup() {
  Serial.begin(9600);
  light.enableAutoRange(true);
  light.printSensorDetails();
  sensors_event_t event;
  light.getEvent(&event);
  Serial.println(event.light);
  sensors_vec_t axes = event.acceleration;
  Serial.println(axes.x + axes.pitch + event.color.r + SENSORS_GRAVITY_STANDARD + SENSORS_PRESSURE_SEALEVELHPA +
                 SENSORS_DPS_TO_RADS);
}

void loop() {}
